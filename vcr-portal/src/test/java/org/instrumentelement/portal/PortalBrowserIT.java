package org.instrumentelement.portal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Map;
import org.instrumentelement.ie.client.InstrumentElementClient;
import org.instrumentelement.ie.client.soap.GetAttribute;
import org.instrumentelement.ie.client.soap.GetParameter;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The portal in a real browser: Debian's headless Chromium driven through its chromedriver, against
 * a real IE (which serves the portal) and a second configured IE that is down at first and started
 * later. One browser session walks through what an operator does; the screenshots it takes are the
 * ones in docs/portal.md (refresh them with {@code -Dportal.screenshots.update=true}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PortalBrowserIT {
  private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
  private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
  private static final Path SCREENSHOTS = Path.of("target", "screenshots");
  private static final Path DOC_SCREENSHOTS = Path.of("..", "docs", "screenshots");

  private PortalLab lab;
  private PortalLab annex;
  private int annexPort;
  private Path profile;
  private WebDriver driver;
  private WebDriverWait wait;

  @BeforeAll
  void start() throws Exception {
    assumeTrue(
        Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
        "browser tests skipped: /usr/bin/chromium and /usr/bin/chromedriver are needed"
            + " (apt-get install chromium chromium-driver; .ci/run installs them)");
    annexPort = PortalLab.freePort();
    lab =
        PortalLab.withPortal(
            Map.of(
                "portal.ie.annex.url",
                "http://localhost:" + annexPort + "/ie/services/InstrumentElement",
                "portal.pollPeriod",
                "500ms"));
    profile = Files.createTempDirectory("vcr-chromium");
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
    driver = new ChromeDriver(service, options);
    wait = new WebDriverWait(driver, Duration.ofSeconds(30));
    Files.createDirectories(SCREENSHOTS);
  }

  @AfterAll
  void stop() throws IOException {
    if (driver != null) {
      driver.quit();
    }
    if (annex != null) {
      annex.close();
    }
    if (lab != null) {
      lab.close();
    }
    if (profile != null) {
      try (var walk = Files.walk(profile)) {
        walk.sorted(java.util.Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
      }
    }
  }

  @Test
  @Order(1)
  void signIn() throws IOException {
    driver.get(lab.portalUrl());
    wait.until(ExpectedConditions.urlContains("signin.html"));
    WebElement user = driver.findElement(By.id("user-name"));
    WebElement password = driver.findElement(By.id("password"));
    user.sendKeys("operator");
    password.sendKeys("operator");
    screenshot("sign-in");
    password.clear();
    password.sendKeys("not-the-password");
    driver.findElement(By.id("signin-button")).click();
    WebElement error =
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("signin-error")));
    assertTrue(error.getText().contains("wrong password"), error.getText());

    password.clear();
    password.sendKeys("operator", Keys.ENTER);
    wait.until(ExpectedConditions.textToBe(By.id("user"), "operator"));
  }

  @Test
  @Order(2)
  void theTreeShowsEachIeAndWhetherItIsReachable() {
    wait.until(
        ExpectedConditions.presenceOfElementLocated(
            By.cssSelector(
                ".tree-ie[data-ie='ie'][data-reachable='true'] a.tree-im[data-im='lab/scope']")));
    WebElement scope =
        driver.findElement(By.cssSelector("a.tree-im[data-ie='ie'][data-im='lab/scope']"));
    assertEquals("RUNNING", scope.findElement(By.className("badge")).getText());
    WebElement annexError =
        wait.until(
            ExpectedConditions.visibilityOfElementLocated(
                By.cssSelector(".tree-ie[data-ie='annex'][data-reachable='false'] .ie-error")));
    assertTrue(annexError.getText().toLowerCase().contains("refused"), annexError.getText());
  }

  @Test
  @Order(3)
  void theOscilloscopeTraceUpdatesLive() throws IOException {
    driver.findElement(By.cssSelector("a.tree-im[data-ie='ie'][data-im='lab/scope']")).click();
    wait.until(ExpectedConditions.textToBe(By.id("im-title"), "lab/scope"));
    long first = waitForTraceAfter("waveform", 0);
    long later = waitForTraceAfter("waveform", first);
    assertTrue(later > first);
    assertEquals("span 10 ms", traceText("trace-span"));
    assertTrue(traceText("trace-rate").endsWith("updates/s"));
    assertTrue(traceText("trace-points").startsWith("2500 samples"), traceText("trace-points"));
    // Buttons follow the state machine: the scope is RUNNING.
    assertFalse(command("start").isEnabled(), "start is not allowed while RUNNING");
    assertTrue(command("stop").isEnabled());
    assertFalse(parameterInput("points").isEnabled(), "points cannot change while RUNNING");
    wait.until(
        d ->
            !d.findElement(By.cssSelector("tr[data-attribute='peakToPeak'] .attr-value"))
                .getText()
                .equals("—"));
    waitForTraceAfter("waveform", later);
    screenshot("scope");
  }

  @Test
  @Order(4)
  void aNewTimebaseIsAppliedAndShown() throws Exception {
    setParameter("timebase", "0.002");
    WebElement message = parameterMessage("timebase");
    wait.until(ExpectedConditions.attributeContains(message, "class", "ok"));
    assertEquals("Set to 0.002 s/div", message.getText());
    // The trace's time axis follows: 10 divisions of 2 ms.
    wait.until(
        ExpectedConditions.textToBe(
            By.cssSelector(".trace[data-attribute='waveform'] .trace-span"), "span 20 ms"));
    GetParameter q = new GetParameter();
    q.setIm("lab/scope");
    q.setParameter("timebase");
    assertEquals(
        0.002,
        InstrumentElementClient.connect(lab.soapUrl(), "observer", "observer")
            .getParameter(q)
            .getValue()
            .getDoubleValue());
  }

  @Test
  @Order(5)
  void aRefusedActionIsReportedNextToItsControl() throws IOException {
    setParameter("timebase", "fast");
    WebElement message = parameterMessage("timebase");
    wait.until(ExpectedConditions.attributeContains(message, "class", "error"));
    assertTrue(message.getText().startsWith("Enter a number"), "checked in the browser");

    setParameter("timebase", "100");
    wait.until(
        ExpectedConditions.textMatches(
            By.cssSelector("tr[data-param-message='timebase'] .param-message"),
            java.util.regex.Pattern.compile(".*OUT_OF_RANGE.*")));
    assertTrue(
        message.getText().startsWith("Refused by the Instrument Element: timebase"),
        message.getText());
    assertTrue(parameterInput("timebase").getAttribute("class").contains("invalid"));
    screenshot("refused");
    // The refusal changed nothing.
    assertEquals(
        "span 20 ms", traceText("trace-span"), "the trace still shows the timebase in effect");
  }

  @Test
  @Order(6)
  void aCommandTakesItsArgumentFromThePanel() {
    new org.openqa.selenium.support.ui.Select(driver.findElement(By.id("arg-measure-quantity")))
        .selectByValue("RMS");
    command("measure").click();
    WebElement message = driver.findElement(By.id("command-message"));
    wait.until(ExpectedConditions.attributeContains(message, "class", "ok"));
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("measure: done, now RUNNING \\((.+)\\)")
            .matcher(message.getText());
    assertTrue(m.matches(), message.getText());
    assertTrue(Double.parseDouble(m.group(1)) > 0, "the RMS of the trace: " + m.group(1));
  }

  @Test
  @Order(7)
  void aWritableAttributeIsWrittenFromThePanel() throws Exception {
    WebElement input = driver.findElement(By.id("attr-triggerLevel"));
    input.sendKeys(Keys.chord(Keys.CONTROL, "a"), "0.3");
    driver
        .findElement(By.cssSelector("tr[data-attribute='triggerLevel'] button.param-apply"))
        .click();
    WebElement message =
        driver.findElement(
            By.cssSelector("tr[data-attribute-message='triggerLevel'] .param-message"));
    wait.until(ExpectedConditions.attributeContains(message, "class", "ok"));
    assertEquals("Set to 0.3 V", message.getText());
    GetAttribute q = new GetAttribute();
    q.setIm("lab/scope");
    q.setAttribute("triggerLevel");
    assertEquals(
        0.3,
        InstrumentElementClient.connect(lab.soapUrl(), "observer", "observer")
            .getAttribute(q)
            .getValue()
            .getDoubleValue());

    input.sendKeys(Keys.chord(Keys.CONTROL, "a"), "100", Keys.ENTER);
    wait.until(ExpectedConditions.attributeContains(message, "class", "error"));
    assertTrue(message.getText().contains("OUT_OF_RANGE"), message.getText());
  }

  @Test
  @Order(8)
  void anIeThatComesUpLaterAppearsAndServesTraces() throws Exception {
    annex = PortalLab.plain("annex", annexPort);
    wait.until(
        ExpectedConditions.presenceOfElementLocated(
            By.cssSelector(
                ".tree-ie[data-ie='annex'][data-reachable='true']"
                    + " a.tree-im[data-im='lab/scope']")));
    driver.findElement(By.cssSelector("a.tree-im[data-ie='annex'][data-im='lab/scope']")).click();
    wait.until(ExpectedConditions.textToBe(By.id("im-title"), "lab/scope"));
    wait.until(ExpectedConditions.textToBe(By.cssSelector(".ie-label"), "on annex"));
    long first = waitForTraceAfter("waveform", 0);
    waitForTraceAfter("waveform", first);
  }

  @Test
  @Order(9)
  void anOpenTraceFollowsItsIeThroughARestart() throws Exception {
    long before = waitForTraceAfter("waveform", 0);
    annex.close();
    wait.until(
        ExpectedConditions.presenceOfElementLocated(
            By.cssSelector(".tree-ie[data-ie='annex'][data-reachable='false']")));
    wait.until(
        ExpectedConditions.textMatches(
            By.cssSelector("#im-banner"), java.util.regex.Pattern.compile(".*unreachable.*")));
    annex = PortalLab.plain("annex", annexPort); // a new process: new broker, sequences restart
    wait.until(
        ExpectedConditions.presenceOfElementLocated(
            By.cssSelector(".tree-ie[data-ie='annex'][data-reachable='true']")));
    By trace = By.cssSelector(".trace[data-attribute='waveform']");
    long first =
        wait.until(
            d -> {
              long now = Long.parseLong(d.findElement(trace).getAttribute("data-seq"));
              return now != before ? now : null;
            });
    waitForTraceAfter("waveform", first);
    assertTrue(traceText("trace-gaps").contains("IE restarted"), traceText("trace-gaps"));
  }

  // ------------------------------------------------------------------ helpers

  /** Waits until the trace shows a value with a sequence number above {@code seq}; returns it. */
  private long waitForTraceAfter(String attribute, long seq) {
    By trace = By.cssSelector(".trace[data-attribute='" + attribute + "']");
    return wait.until(
        d -> {
          long now = Long.parseLong(d.findElement(trace).getAttribute("data-seq"));
          return now > seq ? now : null;
        });
  }

  private String traceText(String cssClass) {
    return driver
        .findElement(By.cssSelector(".trace[data-attribute='waveform'] ." + cssClass))
        .getText();
  }

  private WebElement command(String name) {
    return driver.findElement(By.cssSelector("button.command[data-command='" + name + "']"));
  }

  private WebElement parameterInput(String name) {
    return driver.findElement(By.id("param-" + name));
  }

  private WebElement parameterMessage(String name) {
    return driver.findElement(
        By.cssSelector("tr[data-param-message='" + name + "'] .param-message"));
  }

  private void setParameter(String name, String text) {
    WebElement input = parameterInput(name);
    input.sendKeys(Keys.chord(Keys.CONTROL, "a"), text);
    driver.findElement(By.cssSelector("tr[data-param='" + name + "'] button.param-apply")).click();
  }

  private void screenshot(String name) throws IOException {
    byte[] png = ((TakesScreenshot) driver).getScreenshotAs(OutputType.BYTES);
    Path file = SCREENSHOTS.resolve(name + ".png");
    Files.write(file, png);
    if (Boolean.getBoolean("portal.screenshots.update")) {
      Files.createDirectories(DOC_SCREENSHOTS);
      Files.copy(file, DOC_SCREENSHOTS.resolve(name + ".png"), StandardCopyOption.REPLACE_EXISTING);
    }
  }
}
