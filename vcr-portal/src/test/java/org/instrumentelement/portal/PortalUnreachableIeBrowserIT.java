package org.instrumentelement.portal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * IEs that cannot be reached, in headless Chromium: one whose host name does not resolve and one
 * that refuses the connection (configured last, with nothing after it in the tree: the portal does
 * not browse mDNS). Each shows its name, "unreachable" and one line saying why in the portal's
 * words, and the page shows nothing it was not meant to (no "null" for a part it leaves out, in the
 * tree or in an IM's panel).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PortalUnreachableIeBrowserIT {
  private PortalLab lab;
  private Path profile;
  private WebDriver driver;
  private WebDriverWait wait;

  /** The text directly inside the element with id {@code id}, outside its child elements. */
  private static final String LOOSE_TEXT =
      "return Array.from(document.getElementById(arguments[0]).childNodes)"
          + ".filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent)";

  @BeforeAll
  void start() throws Exception {
    assumeTrue(HeadlessChromium.available(), HeadlessChromium.MISSING);
    lab =
        PortalLab.withPortal(
            Map.of(
                "portal.ie.nohost.url",
                "http://no-such-host.invalid:8080/ie/services/InstrumentElement",
                "portal.ie.gone.url",
                "http://127.0.0.1:" + PortalLab.freePort() + "/ie/services/InstrumentElement",
                "portal.pollPeriod",
                "500ms"));
    profile = Files.createTempDirectory("vcr-chromium");
    driver = HeadlessChromium.start(profile);
    wait = new WebDriverWait(driver, Duration.ofSeconds(30));
    HeadlessChromium.signIn(driver, wait, lab.portalUrl(), "operator");
  }

  @AfterAll
  void stop() throws IOException {
    HeadlessChromium.stop(driver, profile);
    if (lab != null) {
      lab.close();
    }
  }

  @Test
  void anUnreachableIeShowsOneLineSayingWhyAndNothingElse() {
    assertUnreachable("nohost", "unknown host (is the host name in its URL right?)");
    assertUnreachable("gone", "connection refused (is it running?)");
    assertEquals(
        List.of(),
        ((JavascriptExecutor) driver).executeScript(LOOSE_TEXT, "tree"),
        "nothing in the tree outside its IEs");
  }

  @Test
  void aPanelWithoutRecordingsShowsNothingInTheirPlace() {
    // The group has no subscribable attribute: its panel has no recordings.
    driver.get(lab.portalUrl() + "#/ie/ie/lab");
    wait.until(ExpectedConditions.textToBe(By.id("im-title"), "lab"));
    assertEquals(0, driver.findElements(By.id("record")).size());
    assertEquals(
        List.of(), ((JavascriptExecutor) driver).executeScript(LOOSE_TEXT, "panel"), "panel");
  }

  /** The tree shows IE {@code name} unreachable, and under it only {@code why} and since when. */
  private void assertUnreachable(String name, String why) {
    By block = By.cssSelector(".tree-ie[data-ie='" + name + "'][data-reachable='false']");
    wait.until(ExpectedConditions.presenceOfElementLocated(block));
    String text =
        wait.until(
            d -> {
              String t = d.findElement(block).getText();
              return t.contains("(since") ? t : null; // polled once at least
            });
    List<String> lines = List.of(text.split("\n"));
    assertEquals(3, lines.size(), text);
    assertEquals(name, lines.get(0));
    assertEquals("UNREACHABLE", lines.get(1), "as CSS shows it");
    assertEquals(why, lines.get(2).replaceFirst(" \\(since [^)]*\\)$", ""), text);
  }
}
