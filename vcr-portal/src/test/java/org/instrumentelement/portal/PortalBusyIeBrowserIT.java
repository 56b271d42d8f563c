package org.instrumentelement.portal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.instrumentelement.ie.client.InstrumentElementClient;
import org.instrumentelement.ie.client.soap.ConfigureSampling;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.NoSuchElementException;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The page when the IE is busy for the signed-in user (a real IE behind {@link IeFront}, in
 * headless Chromium): it says why a trace does not come and asks again by itself, says that alarms
 * are unknown rather than showing none, shows no IMs the IE did not list to the user, offers an
 * admin no "Add instrument" while the IE cannot confirm that they are one, and says that a trace
 * may be out of date when the IE could not give its current value after a broker restart.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PortalBusyIeBrowserIT {
  /** What a trace says after a broker reconnect until its current value is read again. */
  private static final String RESYNCING =
      "resyncing: the broker reconnected, the current value is being read again";

  private PortalLab lab;
  private IeFront front;
  private Path profile;
  private WebDriver driver;
  private WebDriverWait wait;

  @BeforeAll
  void start() throws Exception {
    assumeTrue(HeadlessChromium.available(), HeadlessChromium.MISSING);
    front = IeFront.start();
    lab =
        PortalLab.withPortal(
            Map.of(
                "portal.localIe", "false",
                "portal.ie.lab.url", front.url(),
                "portal.pollPeriod", "500ms",
                "portal.trace.resyncTimeout", "2s"));
    front.forwardTo(lab.soapUrl());
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
    if (front != null) {
      front.close();
    }
  }

  @Test
  @Order(10)
  void aTraceTheIeWasTooBusyToGrantComesOnceItIsNot() throws Exception {
    front.answer("operator", "getSubscriptionInfo", IeFront.Answer.TOO_MANY_REQUESTS);
    wait.until(
        ExpectedConditions.presenceOfElementLocated(
            By.cssSelector("a.tree-im[data-ie='lab'][data-im='lab/scope']")));
    driver.findElement(By.cssSelector("a.tree-im[data-ie='lab'][data-im='lab/scope']")).click();
    By status = By.cssSelector(".trace[data-attribute='waveform'] .trace-status");
    wait.until(ExpectedConditions.textMatches(status, java.util.regex.Pattern.compile(".*busy.*")));
    String told = driver.findElement(status).getText();
    assertTrue(told.startsWith("TOO_MANY_REQUESTS"), told);
    By trace = By.cssSelector(".trace[data-attribute='waveform']");
    assertEquals("0", driver.findElement(trace).getAttribute("data-seq"), "nothing drawn");
    front.reset();
    // The page asks again by itself (every 5 s) and draws once the IE grants it.
    wait.until(d -> Long.parseLong(d.findElement(trace).getAttribute("data-seq")) > 0);
  }

  @Test
  @Order(20)
  void alarmsTheIeDoesNotGiveAreUnknownNotNone() throws Exception {
    front.answer("operator", "listAlarms", IeFront.Answer.SERVER_BUSY);
    By unknown = By.cssSelector(".tree-ie[data-ie='lab'] .alarms-error");
    String text = wait.until(ExpectedConditions.visibilityOfElementLocated(unknown)).getText();
    assertTrue(text.startsWith("Alarms unknown: SERVER_BUSY"), text);
    front.reset();
    wait.until(ExpectedConditions.invisibilityOfElementLocated(unknown));
  }

  @Test
  @Order(30)
  void anIeThatDoesNotListTheUsersImsShowsNoneAndWhy() throws Exception {
    front.answer("operator", "listInstrumentManagers", IeFront.Answer.SERVER_BUSY);
    By error = By.cssSelector(".tree-ie[data-ie='lab'] .ie-error");
    String text = wait.until(ExpectedConditions.visibilityOfElementLocated(error)).getText();
    assertTrue(text.startsWith("SERVER_BUSY"), text);
    assertEquals(
        0, driver.findElements(By.cssSelector(".tree-ie[data-ie='lab'] a.tree-im")).size());
    front.reset();
    wait.until(
        ExpectedConditions.presenceOfElementLocated(
            By.cssSelector("a.tree-im[data-ie='lab'][data-im='lab/scope']")));
  }

  @Test
  @Order(40)
  void anAdminTheIeIsTooBusyToConfirmGetsNoAddLinkAndThePageSaysWhy() throws Exception {
    front.answer("admin", "listLoginFailures", IeFront.Answer.TOO_MANY_REQUESTS);
    driver.manage().deleteAllCookies();
    HeadlessChromium.signIn(driver, wait, lab.portalUrl(), "admin");
    wait.until(
        ExpectedConditions.presenceOfElementLocated(
            By.cssSelector("a.tree-im[data-ie='lab'][data-im='lab/scope']")));
    By link = By.cssSelector(".tree-ie[data-ie='lab'] a.add-instrument");
    assertEquals(0, driver.findElements(link).size(), "no admin link while the IE cannot say");
    driver.get(lab.portalUrl() + "#/add/lab");
    wait.until(
        ExpectedConditions.attributeToBe(
            By.cssSelector(".add-page[data-ie='lab']"), "data-admin", "false"));
    String why = driver.findElement(By.id("add-message")).getText();
    assertTrue(why.startsWith("Cannot tell whether you are an administrator of lab"), why);
    assertTrue(why.contains("TOO_MANY_REQUESTS"), why);
    assertEquals(0, driver.findElements(By.id("discover-button")).size());
    front.reset();
    // Once the IE answers, it says the admin is one: the link comes, and the page offers discovery.
    wait.until(ExpectedConditions.elementToBeClickable(link)).click();
    wait.until(
        ExpectedConditions.attributeToBe(
            By.cssSelector(".add-page[data-ie='lab']"), "data-admin", "true"));
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("discover-button")));
  }

  /**
   * The IE's broker restarts while the IE is too busy to give the portal's account the trace's
   * current value (503 to every getAttribute): while the portal reads it again the trace says it is
   * resyncing, never "live" (an empty line); once the portal has tried for {@code
   * portal.trace.resyncTimeout}, the trace says that the value it shows may be out of date, and
   * says so until a new value comes. The scope's sampling is off meanwhile, so that no new value
   * makes the question moot. Every text the line shows is recorded in the page as it is set, so the
   * check needs no timing.
   */
  @Test
  @Order(50)
  void aTraceWhoseValueCouldNotBeReadAgainAfterABrokerRestartSaysItMayBeOutOfDate()
      throws Exception {
    By link = By.cssSelector("a.tree-im[data-ie='lab'][data-im='lab/scope']");
    wait.until(
        d -> {
          try {
            d.findElement(link).click(); // the tree is redrawn as it is polled: found again
            return true;
          } catch (NoSuchElementException | StaleElementReferenceException notYet) {
            return false;
          }
        });
    wait.until(ExpectedConditions.textToBe(By.id("im-title"), "lab/scope"));
    By trace = By.cssSelector(".trace[data-attribute='waveform']");
    By status = By.cssSelector(".trace[data-attribute='waveform'] .trace-status");
    wait.until(d -> Long.parseLong(d.findElement(trace).getAttribute("data-seq")) > 0);
    wait.until(ExpectedConditions.textToBe(status, ""));
    recordStatusTexts();
    InstrumentElementPort admin = InstrumentElementClient.connect(lab.soapUrl(), "admin", "admin");
    sampleScopeEvery(admin, 0); // off
    try {
      front.answer("observer", "getAttribute", IeFront.Answer.SERVER_BUSY);
      lab.runtime.broker().close();
      wait.until(
          ExpectedConditions.textMatches(status, Pattern.compile("broker connection lost.*")));
      long shown = Long.parseLong(driver.findElement(trace).getAttribute("data-seq"));
      lab.runtime.broker().start();
      wait.until(ExpectedConditions.textMatches(status, Pattern.compile("may be out of date: .*")));
      String told = driver.findElement(status).getText();
      assertEquals(
          "may be out of date: the current value could not be read after the broker reconnected"
              + " (SERVER_BUSY: busy (HTTP 503)); the next value will replace it",
          told);
      assertTrue(driver.findElement(status).getAttribute("class").contains("warn"), told);
      List<String> shownSinceLost = statusTextsSince("broker connection lost");
      assertTrue(
          shownSinceLost.contains(RESYNCING),
          "the line said it was resyncing after the reconnect: " + shownSinceLost);
      assertFalse(
          shownSinceLost.contains(""),
          "never live before the value was read again: " + shownSinceLost);
      assertEquals(
          shown,
          Long.parseLong(driver.findElement(trace).getAttribute("data-seq")),
          "the value from before the restart is still shown");
      front.reset();
    } finally {
      sampleScopeEvery(admin, 200);
    }
    // A new value is up to date: the trace draws it and says nothing more.
    long before = Long.parseLong(driver.findElement(trace).getAttribute("data-seq"));
    wait.until(d -> Long.parseLong(d.findElement(trace).getAttribute("data-seq")) > before);
    wait.until(ExpectedConditions.textToBe(status, ""));
  }

  /**
   * Records in the page every text that the waveform's status line is given, as it is set (one
   * record per change, so none is lost when several come in one task).
   */
  private void recordStatusTexts() {
    ((JavascriptExecutor) driver)
        .executeScript(
            """
            const line = document.querySelector(".trace[data-attribute='waveform'] .trace-status");
            window.vcrStatusTexts = [];
            new MutationObserver((records) => {
              for (const r of records) {
                const added = [...r.addedNodes].map((n) => n.textContent).join("");
                if (r.type === "characterData") window.vcrStatusTexts.push(r.target.data);
                else if (added !== "" || r.removedNodes.length) window.vcrStatusTexts.push(added);
              }
            }).observe(line, { childList: true, characterData: true, subtree: true });
            """);
  }

  /**
   * The texts recorded by {@link #recordStatusTexts} after the first that starts with {@code
   * prefix}, up to the end.
   */
  private List<String> statusTextsSince(String prefix) {
    List<String> all = new ArrayList<>();
    for (Object o :
        (List<?>) ((JavascriptExecutor) driver).executeScript("return window.vcrStatusTexts")) {
      all.add((String) o);
    }
    for (int i = 0; i < all.size(); i++) {
      if (all.get(i).startsWith(prefix)) {
        return all.subList(i + 1, all.size());
      }
    }
    throw new AssertionError("never shown: " + prefix + "...; shown: " + all);
  }

  /** Sets the scope's waveform sampling period (0: off), as an admin, directly with the IE. */
  private static void sampleScopeEvery(InstrumentElementPort admin, long millis) throws Exception {
    ConfigureSampling c = new ConfigureSampling();
    c.setIm("lab/scope");
    c.setAttribute("waveform");
    c.setSamplingPeriodMillis(millis);
    admin.configureSampling(c);
  }
}
