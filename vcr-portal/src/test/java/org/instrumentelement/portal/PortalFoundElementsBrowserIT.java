package org.instrumentelement.portal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The IEs the portal finds over mDNS ({@code portal.mdns.browse = on}), in headless Chromium: an IE
 * that announces itself ({@code mdns.advertise = on} on the loopback address, as
 * ElementAdvertisementIT's) is listed with its name, host, port and endpoint, though the portal is
 * not configured with it, and leaves the list when it stops and withdraws its announcement.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PortalFoundElementsBrowserIT {
  private PortalLab lab;
  private PortalLab optics;
  private Path profile;
  private WebDriver driver;
  private WebDriverWait wait;

  @BeforeAll
  void start() throws Exception {
    assumeTrue(HeadlessChromium.available(), HeadlessChromium.MISSING);
    lab = PortalLab.withPortal(Map.of("portal.mdns.browse", "on", "portal.pollPeriod", "500ms"));
    optics = PortalLab.advertised("optics-lab");
    profile = Files.createTempDirectory("vcr-chromium");
    driver = HeadlessChromium.start(profile);
    // Announcing follows JmDNS's probing (about two seconds), resolving as long again: a minute
    // leaves room for a loaded machine and ends at once when it is found.
    wait = new WebDriverWait(driver, Duration.ofSeconds(60));
  }

  @AfterAll
  void stop() throws Exception {
    HeadlessChromium.stop(driver, profile);
    if (optics != null) {
      optics.close();
    }
    if (lab != null) {
      lab.close();
    }
  }

  @Test
  void anAdvertisedIeIsListedWithItsEndpointAndGoesWhenItStops() throws Exception {
    HeadlessChromium.signIn(driver, wait, lab.portalUrl(), "operator");

    By entry = By.cssSelector("#found-ies .found-ie[data-ie='optics-lab']");
    WebElement found = wait.until(ExpectedConditions.visibilityOfElementLocated(entry));
    URI endpoint = URI.create(optics.soapUrl());
    assertEquals("127.0.0.1", found.getAttribute("data-host"));
    assertEquals(Integer.toString(endpoint.getPort()), found.getAttribute("data-port"));
    String expected = "http://127.0.0.1:" + endpoint.getPort() + endpoint.getPath();
    assertEquals(expected, found.findElement(By.className("found-endpoint")).getText());
    assertEquals("optics-lab", found.findElement(By.className("found-name")).getText());
    // Found is not configured: the tree of IEs the portal talks to does not have it.
    assertEquals(0, driver.findElements(By.cssSelector(".tree-ie[data-ie='optics-lab']")).size());

    optics.close();
    optics = null;
    wait.until(ExpectedConditions.invisibilityOfElementLocated(entry));
  }
}
