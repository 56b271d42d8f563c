package org.instrumentelement.portal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.instrumentelement.ial.sim.InstrumentSimulator;
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
 * The portal's "Add instrument" page in headless Chromium: an administrator discovers the
 * simulator's DMM on the IE's loopback network (its portmapper broadcast) and adds it, and it
 * appears in the tree without a restart; an operator, whom the IE does not call an admin of all of
 * it, sees no link, and the page typed in by hand offers nothing and says why.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PortalAddInstrumentBrowserIT {
  private InstrumentSimulator simulator;
  private PortalLab lab;
  private Path profile;
  private WebDriver driver;
  private WebDriverWait wait;

  @BeforeAll
  void start() throws Exception {
    assumeTrue(HeadlessChromium.available(), HeadlessChromium.MISSING);
    simulator =
        InstrumentSimulator.builder().models("dmm").portmapperBroadcast(true).build().start();
    lab = PortalLab.withPortal(Map.of("portal.pollPeriod", "500ms"));
    profile = Files.createTempDirectory("vcr-chromium");
    driver = HeadlessChromium.start(profile);
    wait = new WebDriverWait(driver, Duration.ofSeconds(30));
  }

  @AfterAll
  void stop() throws Exception {
    HeadlessChromium.stop(driver, profile);
    if (lab != null) {
      lab.close();
    }
    if (simulator != null) {
      simulator.close();
    }
  }

  private void signInAs(String user) {
    driver.manage().deleteAllCookies();
    HeadlessChromium.signIn(driver, wait, lab.portalUrl(), user);
  }

  /** Opens the page from the tree's link and discovers the loopback network. */
  private WebElement discover() {
    wait.until(
            ExpectedConditions.elementToBeClickable(
                By.cssSelector(".tree-ie[data-ie='ie'] a.add-instrument")))
        .click();
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("discover-button")));
    driver.findElement(By.id("discover-network")).sendKeys("127.0.0.1");
    driver
        .findElement(By.id("discover-portmapper"))
        .sendKeys(Integer.toString(simulator.portmapperPort()));
    driver.findElement(By.id("discover-button")).click();
    return driver.findElement(By.id("add-message"));
  }

  @Test
  void anAdminDiscoversAndAddsTheSimulatorAndAnOperatorIsRefused() {
    signInAs("operator");
    // The tree is there, with the IMs the operator may see, but without the admin's link.
    wait.until(
        ExpectedConditions.presenceOfElementLocated(
            By.cssSelector(".tree-ie[data-ie='ie'] a.tree-im")));
    assertEquals(
        0, driver.findElements(By.cssSelector(".tree-ie[data-ie='ie'] a.add-instrument")).size());
    // Typed in by hand, the page asks the IE, shows nothing to discover and says why.
    driver.get(lab.portalUrl() + "#/add/ie");
    wait.until(
        ExpectedConditions.attributeToBe(
            By.cssSelector(".add-page[data-ie='ie']"), "data-admin", "false"));
    String refusal = driver.findElement(By.id("add-message")).getText();
    assertTrue(refusal.contains("says you are not one"), refusal);
    assertTrue(refusal.contains("NOT_AUTHORIZED"), refusal);
    assertEquals(0, driver.findElements(By.id("discover-button")).size());

    signInAs("admin");
    discover();
    String identity = simulator.device(0).identity();
    WebElement found =
        wait.until(
            ExpectedConditions.visibilityOfElementLocated(
                By.cssSelector(".found-instrument[data-identity='" + identity + "']")));
    assertTrue(found.getText().contains("descriptor scpi-dmm"), found.getText());
    WebElement name = found.findElement(By.className("add-name"));
    assertEquals("keysight-34461a", name.getAttribute("value"));
    name.clear();
    name.sendKeys("bench-dmm");
    found.findElement(By.className("add-button")).click();
    wait.until(
        ExpectedConditions.textToBePresentInElementLocated(
            By.id("add-message"), "Added bench-dmm"));
    wait.until(
        ExpectedConditions.presenceOfElementLocated(
            By.cssSelector("a.tree-im[data-ie='ie'][data-im='bench-dmm']")));
  }
}
