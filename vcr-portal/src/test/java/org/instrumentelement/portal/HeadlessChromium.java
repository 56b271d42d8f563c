package org.instrumentelement.portal;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/** Debian's headless Chromium through its chromedriver, for the browser tests. */
final class HeadlessChromium {
  static final Path CHROMIUM = Path.of("/usr/bin/chromium");
  static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

  /** Why a browser test is skipped when they are missing. */
  static final String MISSING =
      "browser tests skipped: /usr/bin/chromium and /usr/bin/chromedriver are needed"
          + " (apt-get install chromium chromium-driver; .ci/run installs them)";

  private HeadlessChromium() {}

  static boolean available() {
    return Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER);
  }

  /** A browser with its profile in {@code profile}, 1440 x 1000 pixels. */
  static WebDriver start(Path profile) {
    ChromeOptions options = new ChromeOptions();
    options.setBinary(CHROMIUM.toFile());
    options.addArguments(
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--window-size=1440,1000",
        "--user-data-dir=" + profile);
    ChromeDriverService service =
        new ChromeDriverService.Builder()
            .usingDriverExecutable(CHROMEDRIVER.toFile())
            .usingAnyFreePort()
            .build();
    return new ChromeDriver(service, options);
  }

  /**
   * Opens the portal at {@code portalUrl}, is sent to its sign-in page, and signs in as {@code
   * account} (whose password, in the test labs, is its name); returns once the page names the user.
   */
  static void signIn(WebDriver driver, WebDriverWait wait, String portalUrl, String account) {
    driver.get(portalUrl);
    wait.until(ExpectedConditions.urlContains("signin.html"));
    driver.findElement(By.id("user-name")).sendKeys(account);
    driver.findElement(By.id("password")).sendKeys(account, Keys.ENTER);
    wait.until(ExpectedConditions.textToBe(By.id("user"), account));
  }

  /** Quits {@code driver} (if started) and deletes its {@code profile} (if made). */
  static void stop(WebDriver driver, Path profile) throws IOException {
    if (driver != null) {
      driver.quit();
    }
    if (profile != null) {
      try (var walk = Files.walk(profile)) {
        walk.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
      }
    }
  }
}
