package org.instrumentelement.portal.auth;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UserStoreTest {
  @TempDir Path dir;

  @Test
  void aHashMatchesItsPasswordOnly() {
    String h = PasswordHash.hash("s3cret".toCharArray(), 1000);
    assertTrue(h.startsWith("pbkdf2-sha256:1000:"));
    assertTrue(PasswordHash.matches("s3cret".toCharArray(), h));
    assertFalse(PasswordHash.matches("s3cret ".toCharArray(), h));
    assertFalse(h.equals(PasswordHash.hash("s3cret".toCharArray(), 1000)), "salted");
  }

  @Test
  void usersComeFromTheFile() throws IOException {
    Path f = dir.resolve("users.properties");
    Files.writeString(
        f,
        "# operators\nalice = "
            + PasswordHash.hash("wonder".toCharArray(), 1000)
            + "\nbob = "
            + PasswordHash.hash("builder".toCharArray(), 1000)
            + "\n");
    UserStore store = UserStore.load(f);
    assertFalse(store.isDevelopment());
    assertTrue(store.authenticate("alice", "wonder".toCharArray()));
    assertFalse(store.authenticate("alice", "builder".toCharArray()));
    assertFalse(store.authenticate("carol", "wonder".toCharArray()));
    assertFalse(store.authenticate("operator", "operator".toCharArray()));
  }

  @Test
  void aPlainPasswordInTheFileIsRefusedAtLoad() throws IOException {
    Path f = dir.resolve("users.properties");
    Files.writeString(f, "alice = wonder\n");
    IOException e = assertThrows(IOException.class, () -> UserStore.load(f));
    assertTrue(e.getMessage().contains("alice"), e.getMessage());
  }

  @Test
  void theDevelopmentStoreHasOneUser() {
    UserStore store = UserStore.development();
    assertTrue(store.isDevelopment());
    assertTrue(store.authenticate("operator", "operator".toCharArray()));
    assertFalse(store.authenticate("operator", "Operator".toCharArray()));
  }
}
