package org.instrumentelement.portal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.instrumentelement.ie.client.InstrumentElementClient;
import org.instrumentelement.ie.client.soap.ConfigureAlarmLimits;
import org.instrumentelement.ie.client.soap.ConfigureSampling;
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
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
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
  private static final Path SCREENSHOTS = Path.of("target", "screenshots");
  private static final Path DOC_SCREENSHOTS = Path.of("..", "docs", "screenshots");
  private static final ObjectMapper JSON = new ObjectMapper();

  private PortalLab lab;
  private PortalLab annex;
  private int annexPort;
  private Path profile;
  private WebDriver driver;
  private WebDriverWait wait;

  @BeforeAll
  void start() throws Exception {
    assumeTrue(HeadlessChromium.available(), HeadlessChromium.MISSING);
    annexPort = PortalLab.freePort();
    lab =
        PortalLab.withPortal(
            Map.of(
                "portal.ie.annex.url",
                "http://localhost:" + annexPort + "/ie/services/InstrumentElement",
                "portal.pollPeriod",
                "500ms"));
    profile = Files.createTempDirectory("vcr-chromium");
    driver = HeadlessChromium.start(profile);
    wait = new WebDriverWait(driver, Duration.ofSeconds(30));
    Files.createDirectories(SCREENSHOTS);
  }

  @AfterAll
  void stop() throws IOException {
    HeadlessChromium.stop(driver, profile);
    if (annex != null) {
      annex.close();
    }
    if (lab != null) {
      lab.close();
    }
  }

  @Test
  @Order(10)
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
  @Order(20)
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
  @Order(30)
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
  @Order(40)
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
  @Order(50)
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
  @Order(60)
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
  @Order(70)
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
  @Order(75)
  void aLongCommandShowsItsProgressAndCanBeCancelled() throws IOException {
    By badge = By.cssSelector("#im-state .badge");
    command("stop").click();
    wait.until(ExpectedConditions.textToBe(badge, "LINKED"));
    WebElement count = driver.findElement(By.id("arg-acquireAverage-count"));
    count.sendKeys(Keys.chord(Keys.CONTROL, "a"), "1000"); // 20 ms each: 20 s at least
    command("acquireAverage").click();
    By running =
        By.cssSelector(".command-run[data-command='acquireAverage'][data-state='RUNNING']");
    // The rows are redrawn every second: look them up afresh each time.
    wait.until(
        d -> {
          try {
            return Double.parseDouble(
                    d.findElement(By.cssSelector(".command-run[data-state='RUNNING'] progress"))
                        .getAttribute("value"))
                > 0.02;
          } catch (org.openqa.selenium.StaleElementReferenceException redrawn) {
            return false;
          }
        });
    wait.until(ExpectedConditions.textToBe(badge, "AVERAGING"));
    String runningText =
        wait.until(
            d -> {
              try {
                return d.findElement(running).getText();
              } catch (org.openqa.selenium.StaleElementReferenceException redrawn) {
                return null;
              }
            });
    assertTrue(runningText.contains("trace "), runningText);
    assertFalse(
        parameterInput("timebase").isEnabled(),
        "no parameter change during an averaged acquisition");
    assertFalse(command("acquireAverage").isEnabled(), "one average at a time");
    screenshot("command-progress");

    // The rows are updated in place: the Cancel button found before two more polls of the panel is
    // the one still shown, and the operator's click on it counts.
    WebElement cancel =
        driver.findElement(
            By.cssSelector(".command-run[data-state='RUNNING'] button.command-cancel"));
    awaitPolls("im?", 2);
    cancel.click();
    WebElement cancelled =
        wait.until(
            ExpectedConditions.presenceOfElementLocated(
                By.cssSelector(
                    ".command-run[data-command='acquireAverage'][data-state='CANCELLED']")));
    assertTrue(cancelled.getText().contains("cancelled by operator"), cancelled.getText());
    wait.until(ExpectedConditions.textToBe(badge, "LINKED"));
    assertTrue(parameterInput("timebase").isEnabled());
    command("start").click();
    wait.until(ExpectedConditions.textToBe(badge, "RUNNING"));
  }

  @Test
  @Order(76)
  void anAlarmIsShownInTheBannerTheTreeAndThePanelAndAcknowledged() throws Exception {
    // An admin sets a limit the scope's peak-to-peak (volts) is always above.
    ConfigureAlarmLimits limit = new ConfigureAlarmLimits();
    limit.setIm("lab/scope");
    limit.setAttribute("peakToPeak");
    limit.setHighAlarm(0.001);
    var admin = InstrumentElementClient.connect(lab.soapUrl(), "admin", "admin");
    admin.configureAlarmLimits(limit);
    By alarm = By.cssSelector("#alarms li.alarm[data-ie='ie'][data-alarm='lab/scope#peakToPeak']");
    WebElement item = wait.until(ExpectedConditions.visibilityOfElementLocated(alarm));
    assertTrue(item.getAttribute("class").contains("severity-ALARM"), item.getAttribute("class"));
    assertTrue(
        item.findElement(By.className("alarm-message")).getText().contains("highAlarm 0.001"),
        item.getText());
    WebElement mark =
        wait.until(
            ExpectedConditions.presenceOfElementLocated(
                By.cssSelector("a.tree-im[data-ie='ie'][data-im='lab/scope'] .alarm-mark")));
    assertEquals("ALARM", mark.getAttribute("data-severity"));
    wait.until(
        ExpectedConditions.attributeContains(
            By.cssSelector("tr[data-attribute='peakToPeak']"), "class", "q-ALARM"));
    screenshot("alarms");

    // The banner is drawn again only when the alarms change: the button found before two more
    // polls of the tree is the one still shown, and the operator's click on it counts.
    WebElement acknowledge =
        driver.findElement(
            By.cssSelector("#alarms button.alarm-ack[data-alarm='lab/scope#peakToPeak']"));
    awaitPolls("tree", 2);
    acknowledge.click();
    wait.until(
        ExpectedConditions.textToBePresentInElementLocated(alarm, "acknowledged by operator"));

    // Without the limit the alarm clears, and the value is no longer coloured.
    admin.configureAlarmLimits(limitWithout("lab/scope", "peakToPeak"));
    wait.until(ExpectedConditions.invisibilityOfElementLocated(alarm));
    wait.until(
        d ->
            !d.findElement(By.cssSelector("tr[data-attribute='peakToPeak']"))
                .getAttribute("class")
                .contains("q-ALARM"));
  }

  /** Waits until the page has had {@code count} more answers from {@code api/<path>...}. */
  private void awaitPolls(String path, int count) {
    JavascriptExecutor js = (JavascriptExecutor) driver;
    js.executeScript("performance.clearResourceTimings()");
    wait.until(
        d ->
            ((Number)
                        js.executeScript(
                            "return performance.getEntriesByType('resource')"
                                + ".filter(e => e.name.includes('/api/' + arguments[0])).length",
                            path))
                    .intValue()
                >= count);
  }

  private static ConfigureAlarmLimits limitWithout(String im, String attribute) {
    ConfigureAlarmLimits none = new ConfigureAlarmLimits();
    none.setIm(im);
    none.setAttribute(attribute);
    return none;
  }

  @Test
  @Order(77)
  void aRecordingIsStartedFromThePanelAndOffersItsDownload() {
    driver.findElement(By.id("record-seconds")).sendKeys("1");
    driver.findElement(By.id("record")).click();
    WebElement message = driver.findElement(By.id("record-message"));
    wait.until(ExpectedConditions.attributeContains(message, "class", "ok"));
    assertTrue(message.getText().contains("lab/scope waveform"), message.getText());
    String id = message.getText().replaceAll("^Recording (\\S+):.*$", "$1");
    By download = By.cssSelector("#recordings tr[data-recording='" + id + "'] a");
    // The list is drawn anew on every refresh: an element found a moment ago may be gone, so each
    // look finds it again (and a stale one is looked for again).
    String href =
        wait.ignoring(StaleElementReferenceException.class)
            .until(
                d -> {
                  // the list shows a recording as it was when the page asked: ask again until it
                  // stopped
                  d.findElements(By.cssSelector(".recordings button.command")).stream()
                      .filter(b -> b.getText().equals("Refresh"))
                      .findFirst()
                      .ifPresent(WebElement::click);
                  List<WebElement> link = d.findElements(download);
                  return link.isEmpty() || !link.get(0).getText().equals("Download")
                      ? null
                      : link.get(0).getAttribute("href");
                });
    assertTrue(href.endsWith("recording=" + id), href);
  }

  @Test
  @Order(80)
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
  @Order(90)
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

  @Test
  @Order(35)
  void binaryFramesAreDecodedToTheValuesOfTheJsonFrame() throws Exception {
    JavascriptExecutor js = (JavascriptExecutor) driver;
    assertEquals("binary", js.executeScript("return window.vcrLive.format"));
    long width =
        ((Number) js.executeScript("return window.vcrLive.watching()[0].width")).longValue();
    try (LiveViewer json =
        LiveViewer.watch(lab.portalUrl(), "ie", "json", (int) width, 0, true, () -> 0)) {
      // The page's last frame, decoded from binary, and the JSON frame of the same value.
      Map<String, Object> shown = null;
      LiveViewer.Received same = null;
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (same == null && System.nanoTime() < deadline) {
        @SuppressWarnings("unchecked")
        Map<String, Object> f =
            (Map<String, Object>)
                js.executeScript(
                    "const f = window.vcrLive.lastFrame(); return f && {seq: f.seq,"
                        + " y: Array.from(f.y), i: f.i ? Array.from(f.i) : null, length: f.length,"
                        + " x0: f.x0, dx: f.dx, units: f.units, xUnits: f.xUnits,"
                        + " decimated: f.decimated, acquiredMillis: f.acquiredMillis,"
                        + " yType: f.y.constructor.name}");
        if (f != null) {
          long seq = ((Number) f.get("seq")).longValue();
          for (LiveViewer.Received r : json.frames()) {
            if (r.seq() == seq) {
              shown = f;
              same = r;
            }
          }
        }
        TimeUnit.MILLISECONDS.sleep(50); // polling the page until both have shown one value
      }
      assertTrue(same != null, "the page and the JSON viewer showed the same value");
      JsonNode expected = same.json();
      assertEquals("Float32Array", shown.get("yType"), "values as a typed array, not parsed");
      List<?> y = (List<?>) shown.get("y");
      assertEquals(expected.get("y").size(), y.size());
      assertTrue(y.size() > 1000, "the decimated trace: " + y.size() + " points");
      for (int k = 0; k < y.size(); k++) {
        assertEquals(
            (float) expected.get("y").get(k).asDouble(),
            ((Number) y.get(k)).floatValue(),
            "point " + k);
      }
      List<?> index = (List<?>) shown.get("i");
      assertEquals(expected.get("i").size(), index.size());
      for (int k = 0; k < index.size(); k++) {
        assertEquals(expected.get("i").get(k).asInt(), ((Number) index.get(k)).intValue());
      }
      assertEquals(expected.get("length").asInt(), ((Number) shown.get("length")).intValue());
      assertEquals(expected.get("x0").asDouble(), ((Number) shown.get("x0")).doubleValue());
      assertEquals(expected.get("dx").asDouble(), ((Number) shown.get("dx")).doubleValue());
      assertEquals(expected.get("units").asText(), shown.get("units"));
      assertEquals(expected.get("xUnits").asText(), shown.get("xUnits"));
      assertEquals(
          expected.get("acquiredMillis").asDouble(),
          ((Number) shown.get("acquiredMillis")).doubleValue(),
          1e-3);
    }
  }

  /**
   * A trace kept as the instrument's codes (the Keysight scope in WORD) comes in frames of codes,
   * which viewers and the page decode to the doubles of its doubles topic, bit for bit, and whose
   * clipped samples the page marks once a smaller scale clips the trace ({@link CodesTrace}); the
   * page then goes back to the oscilloscope for the tests after this one.
   */
  @Test
  @Order(37)
  void aTraceOfCodesComesAsCodesAndThePageShowsItsDoubles() throws Exception {
    try (CodesTrace codes = CodesTrace.start(lab)) {
      codes.checkViewers(lab.portalUrl());
      codes.checkPage(driver, wait);
      codes.checkClipping(driver, wait, lab.portalUrl());
    } finally {
      CodesTrace.openPanel(wait, "lab/scope");
    }
  }

  /**
   * The page's own timings, in binary and in JSON: decode (arrival to typed arrays or parsed JSON),
   * render (uPlot drawing the canvas) and the age of the value when drawn, from its acquisition by
   * the IE. Asserted only to be there: in the suite, a few frames at 20 samples per second in each
   * format; a measuring run ({@code -Dportal.timing.seconds=N}) warms the page up and collects N
   * seconds at each of 1, 10 and 100 samples per second. Written to target/browser-timing.json and
   * printed.
   */
  @Test
  @Order(36)
  void theBrowserTimesDecodingAndDrawingEachFrame() throws Exception {
    JavascriptExecutor js = (JavascriptExecutor) driver;
    long seconds = Long.getLong("portal.timing.seconds", 0);
    boolean measuring = seconds > 0;
    ObjectNode figures = JSON.createObjectNode();
    figures.put("loadAverage", Files.readString(Path.of("/proc/loadavg")).trim());
    ArrayNode rows = figures.putArray("rows");
    try {
      for (String format : List.of("binary", "json")) {
        driver.get(
            lab.portalUrl() + (format.equals("json") ? "?frames=json" : "") + "#/ie/ie/lab/scope");
        wait.until(ExpectedConditions.textToBe(By.id("im-title"), "lab/scope"));
        assertEquals(format, js.executeScript("return window.vcrLive.format"));
        sampleEvery(50);
        if (measuring) {
          awaitFrames(js, 60, 0); // the page's code compiled before it is timed
        }
        for (int rate : measuring ? List.of(1, 10, 100) : List.of(20)) {
          sampleEvery(1000 / rate);
          waitForTraceAfter("waveform", 0);
          js.executeScript("window.vcrLive.clearStats()");
          int frames = measuring ? Math.max(5, Math.min(rate, 20) * 3) : 5;
          List<Map<String, Object>> stats = awaitFrames(js, frames, seconds);
          ObjectNode row = rows.addObject();
          row.put("format", format);
          row.put("samplesPerSecond", rate);
          row.put("frames", stats.size());
          row.put("points", number(stats.get(0), "points"));
          row.put("bytes", median(stats, "bytes"));
          // performance.now() counts in steps of 0.1 ms here: the decoding of the last message,
          // repeated, is timed finer.
          row.put(
              "decodeMicrosRepeated",
              ((Number)
                      js.executeScript(
                          "const m = window.vcrLive.lastMessage(); let s = 0;"
                              + " const t0 = performance.now();"
                              + " for (let k = 0; k < 500; k++) s += window.vcrLive.decode(m).y.length;"
                              + " return s > 0 ? (performance.now() - t0) * 1000 / 500 : -1;"))
                  .doubleValue());
          for (String f : List.of("decodeMs", "renderMs", "arrivalAgeMs", "drawnAgeMs")) {
            row.put(f + "P50", median(stats, f));
            row.put(f + "P99", percentile(stats, f, 0.99));
          }
          assertTrue(number(stats.get(0), "points") > 1000, row.toString());
          assertTrue(
              median(stats, "decodeMs") >= 0 && median(stats, "renderMs") > 0, row.toString());
        }
      }
    } finally {
      sampleEvery(200); // as the IE's configuration has it, for the tests after this one
      driver.get(lab.portalUrl() + "#/ie/ie/lab/scope");
      wait.until(ExpectedConditions.textToBe(By.id("im-title"), "lab/scope"));
    }
    Files.writeString(
        Path.of("target", "browser-timing.json"),
        JSON.writerWithDefaultPrettyPrinter().writeValueAsString(figures));
    StringBuilder table =
        new StringBuilder(
            "format samples/s frames points bytes decode us (repeated) decode p50/p99 ms"
                + " render p50/p99 ms age drawn p50/p99 ms\n");
    for (JsonNode r : rows) {
      table.append(
          String.format(
              java.util.Locale.ROOT,
              "%-6s %9d %6d %6d %6.0f %8.1f %6.2f / %5.2f %7.2f / %5.2f %8.1f / %6.1f%n",
              r.get("format").asText(),
              r.get("samplesPerSecond").asInt(),
              r.get("frames").asInt(),
              r.get("points").asInt(),
              r.get("bytes").asDouble(),
              r.get("decodeMicrosRepeated").asDouble(),
              r.get("decodeMsP50").asDouble(),
              r.get("decodeMsP99").asDouble(),
              r.get("renderMsP50").asDouble(),
              r.get("renderMsP99").asDouble(),
              r.get("drawnAgeMsP50").asDouble(),
              r.get("drawnAgeMsP99").asDouble()));
    }
    System.out.println(
        "Browser timing (load average " + figures.get("loadAverage").asText() + "):\n" + table);
  }

  private void sampleEvery(long millis) throws Exception {
    ConfigureSampling c = new ConfigureSampling();
    c.setIm("lab/scope");
    c.setAttribute("waveform");
    c.setSamplingPeriodMillis(millis);
    InstrumentElementClient.connect(lab.soapUrl(), "admin", "admin").configureSampling(c);
  }

  /** Waits until the page has timed {@code frames} frames (and {@code seconds} have passed). */
  @SuppressWarnings("unchecked")
  private List<Map<String, Object>> awaitFrames(JavascriptExecutor js, int frames, long seconds)
      throws InterruptedException {
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60 + seconds);
    while (System.nanoTime() < deadline) {
      List<Map<String, Object>> stats =
          (List<Map<String, Object>>) js.executeScript("return window.vcrLive.stats()");
      if (stats.size() >= frames && System.nanoTime() >= until) {
        return stats;
      }
      TimeUnit.MILLISECONDS.sleep(200); // polling the page for its frames
    }
    throw new AssertionError("the page did not time " + frames + " frames within the deadline");
  }

  private static double number(Map<String, Object> row, String field) {
    return ((Number) row.get(field)).doubleValue();
  }

  private static double median(List<Map<String, Object>> rows, String field) {
    return percentile(rows, field, 0.5);
  }

  private static double percentile(List<Map<String, Object>> rows, String field, double fraction) {
    double[] v = rows.stream().mapToDouble(r -> number(r, field)).sorted().toArray();
    return v[(int) Math.min(v.length - 1, Math.floor(fraction * v.length))];
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
