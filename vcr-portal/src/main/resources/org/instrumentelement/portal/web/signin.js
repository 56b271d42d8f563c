"use strict";
document.getElementById("signin-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const error = document.getElementById("signin-error");
  const button = document.getElementById("signin-button");
  error.hidden = true;
  button.disabled = true;
  try {
    const response = await fetch("api/signin", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        user: document.getElementById("user-name").value,
        password: document.getElementById("password").value,
      }),
    });
    if (response.ok) {
      location.replace("./");
      return;
    }
    const body = await response.json().catch(() => ({}));
    error.textContent = (body.error && body.error.message) || "Sign-in failed (" + response.status + ")";
  } catch (e) {
    error.textContent = "The portal cannot be reached: " + e.message;
  }
  error.hidden = false;
  button.disabled = false;
  document.getElementById("password").select();
});
