package org.instrumentelement.portal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.instrumentelement.ie.client.InstrumentElementClient;
import org.instrumentelement.ie.client.soap.ConfigureAlarmLimits;
import org.instrumentelement.ie.client.soap.ConfigureSampling;
import org.instrumentelement.ie.client.soap.GetHistory;
import org.instrumentelement.ie.client.soap.HistoryBucket;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.config.HistoryLimits;
import org.instrumentelement.ie.history.Gap;
import org.instrumentelement.ie.history.HistoryArchive;
import org.instrumentelement.ie.history.HistorySettings;
import org.instrumentelement.ie.history.Sample;
import org.instrumentelement.ie.history.SeriesId;
import org.instrumentelement.portal.ie.XmlDateTime;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The trend view in a real browser (Debian's headless Chromium) against a real IE that serves the
 * portal. Before the IE starts, the day before is written into its archive as an import would write
 * it (a sine around the scope's live peak-to-peak of about 3 V, a sample every 10 s, one spike, and
 * an hour with sampling off); then an observer opens the trend of the scope's peakToPeak (sampled
 * every 50 ms by an admin, so that live values come quickly), sees the day drawn across the chart
 * with its gap, zooms by dragging (the page asks again for the narrower range, about one bucket per
 * pixel column) and back, sees live values appended from the WebSocket, a new gap with its reason,
 * an alarm limit as a line, and the reason the IE gives for an attribute it does not archive; then
 * the trend of the live waveform's maximum (a statistic the archive keeps of every sampled vector),
 * opened beside its trace, with a limit on that statistic as a line. Every wait is for what the
 * page shows, with generous deadlines: never for a time.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PortalTrendBrowserIT {
  private static final Path SCREENSHOTS = Path.of("target", "screenshots");
  private static final Path DOC_SCREENSHOTS = Path.of("..", "docs", "screenshots");
  private static final By TREND = By.id("trend");
  private static final String MEAN = "#1f6feb";
  private static final String WARNING = "#9a6700";
  private static final long DAY_MS = 86_400_000L;
  private static final long SPACING_MICROS = 10_000_000L;
  private static final double SPIKE = 4.5;

  private PortalLab lab;
  private InstrumentElementPort admin;
  private Path profile;
  private WebDriver driver;
  private WebDriverWait wait;

  /** The hour of the imported day with sampling off, and its spike, ms since the epoch. */
  private long gapFromMs;

  private long gapToMs;
  private int imported;

  @BeforeAll
  void start() throws Exception {
    assumeTrue(HeadlessChromium.available(), HeadlessChromium.MISSING);
    Map<String, String> config = new HashMap<>();
    // A second scope whose peakToPeak is sampled but not archived: its trend is refused.
    config.put("im.scope2.parent", "lab");
    config.put("im.scope2.type", "oscilloscope");
    config.put("im.scope2.address", "MOCK::oscilloscope");
    config.put("im.scope2.autoStart", "true");
    config.put("im.scope2.attribute.waveform.period", "off");
    config.put("history.exclude", "lab/scope2:peakToPeak");
    lab = PortalLab.withPortal(config, this::importTheDayBefore);
    admin = InstrumentElementClient.connect(lab.soapUrl(), "admin", "admin");
    samplePeakToPeakEvery(50);
    profile = Files.createTempDirectory("vcr-chromium");
    driver = HeadlessChromium.start(profile);
    wait = new WebDriverWait(driver, Duration.ofSeconds(90));
    Files.createDirectories(SCREENSHOTS);
  }

  /** Writes 25 hours up to now of lab/scope's peakToPeak into the archive of {@code dataDir}. */
  private void importTheDayBefore(Path dataDir) throws IOException {
    long end = micros(Instant.now());
    long start = end - 25 * 3_600_000_000L;
    long gapFrom = end - 8 * 3_600_000_000L;
    long gapTo = end - 7 * 3_600_000_000L;
    long spike = end - 18 * 3_600_000_000L;
    gapFromMs = gapFrom / 1000;
    gapToMs = gapTo / 1000;
    long[] now = {start};
    SeriesId id = new SeriesId("lab/scope", "peakToPeak");
    HistoryArchive a =
        HistoryArchive.openOffline(
            dataDir.resolve(HistoryLimits.DIRECTORY), HistorySettings.defaults(), () -> now[0]);
    long sequence = 0;
    boolean off = false;
    for (long t = start; t <= end; t += SPACING_MICROS) {
      now[0] = t;
      if (t >= gapFrom && t < gapTo) {
        if (!off) {
          a.gapOpen(id, false, gapFrom, Gap.Reason.SAMPLING_OFF);
          off = true;
        }
        continue;
      }
      if (off) {
        a.gapClose(id, gapTo);
        off = false;
      }
      double hours = (t - start) / 3.6e9;
      double value = t == spike ? SPIKE : 3.0 + 0.3 * Math.sin(hours * Math.PI / 3);
      a.append(id, Sample.scalar(t, ++sequence, 0, 1, value));
      imported++;
      if ((t - start) % 600_000_000L == 0) {
        a.tick();
      }
    }
    a.close();
  }

  @AfterAll
  void stop() throws IOException {
    HeadlessChromium.stop(driver, profile);
    if (lab != null) {
      lab.close();
    }
  }

  @Test
  @Order(10)
  void aDayOfHistoryIsDrawnAcrossTheChartWithItsGap() throws IOException {
    HeadlessChromium.signIn(driver, wait, lab.portalUrl(), "observer");
    driver.get(lab.portalUrl() + "#/ie/ie/lab/scope");
    wait.until(ExpectedConditions.textToBe(By.id("im-title"), "lab/scope"));
    // Every request the page makes stays in its resource timing (not only the first 250).
    js().executeScript("performance.setResourceTimingBufferSize(100000)");
    WebElement open =
        wait.until(
            ExpectedConditions.elementToBeClickable(
                By.cssSelector("button.trend-open[data-trend='peakToPeak']")));
    assertTrue(
        driver
            .findElements(By.cssSelector("button.trend-open[data-trend='triggerLevel']"))
            .isEmpty(),
        "no trend for an attribute that is not sampled");
    open.click();
    awaitDrawn(600_000);
    assertTrue(
        driver.findElement(By.id("trend-title")).getText().contains("peakToPeak (V)"),
        "the units: " + driver.findElement(By.id("trend-title")).getText());
    assertEquals("true", range("600").getAttribute("aria-pressed"));

    range("86400").click();
    wait.until(ExpectedConditions.attributeToBe(range("86400"), "aria-pressed", "true"));
    awaitDrawn(DAY_MS);
    Map<?, ?> v = view();
    assertEquals("buckets", v.get("kind"), v.toString());
    assertTrue(number(v, "count") >= imported * 23 / 25, "the day's samples: " + v);
    Map<?, ?> drawn = (Map<?, ?>) v.get("drawn");
    double from = number(v, "from");
    double to = number(v, "to");
    double bucket = (double) DAY_MS / Integer.parseInt(lastTrendRequest().get("points"));
    assertTrue(number(drawn, "from") - from < 3 * bucket, "drawn from the day's start: " + v);
    assertTrue(to - number(drawn, "to") < 3 * bucket, "drawn up to now: " + v);
    assertTrue(
        number(drawn, "max") >= SPIKE, "one sample's spike stays visible (the band): " + drawn);
    assertTrue(number(drawn, "min") < 2.8, "the sine's troughs: " + drawn);
    assertTrue(((List<?>) v.get("gaps")).contains("SAMPLING_OFF"), v.toString());
    assertTrue(((List<?>) v.get("gaps")).contains("IE_DOWN"), v.toString());
    // Drawn: the mean's line across the day but for the hour with sampling off.
    double across = coverage(MEAN, null, null);
    assertTrue(across > 0.9, "the line covers the day's pixel columns: " + across);
    assertEquals(0.0, coverage(MEAN, gapFromMs + 2 * bucket, gapToMs - 2 * bucket), "the gap");
    assertTrue(
        text("#trend .trend-gaps li[data-reason='SAMPLING_OFF']")
            .contains("sampling was switched off"));
    assertEquals(
        Boolean.FALSE,
        js().executeScript(
                "return document.documentElement.scrollWidth > document.documentElement.clientWidth"),
        "the panel fits the window's width");
  }

  @Test
  @Order(20)
  void draggingAcrossTheDayAsksForTheNarrowerRangeInMoreDetail() {
    Map<String, String> day = lastTrendRequest();
    assertEquals("PT86400S", day.get("span"), day.toString());
    int dayPoints = Integer.parseInt(day.get("points"));
    js().executeScript("performance.clearResourceTimings()");
    WebElement over = driver.findElement(By.cssSelector("#trend .u-over"));
    int w = over.getSize().getWidth();
    assertTrue(Math.abs(w - dayPoints) <= 2, "a bucket per pixel column: " + w + ", " + day);
    // From 40 % to 50 % of the width (the offsets count from the middle): 2.4 hours.
    new Actions(driver)
        .moveToElement(over, -w / 10, 0)
        .clickAndHold()
        .moveByOffset(w / 10, 0)
        .release()
        .perform();
    wait.until(ExpectedConditions.attributeToBe(TREND, "data-live", "false"));
    Map<String, String> zoom =
        wait.until(
            d -> {
              Map<String, String> r = lastTrendRequest();
              return r != null && r.containsKey("from") ? r : null;
            });
    long fromMs = Instant.parse(zoom.get("from")).toEpochMilli();
    long toMs = Instant.parse(zoom.get("to")).toEpochMilli();
    int points = Integer.parseInt(zoom.get("points"));
    String what = "the zoom's request " + zoom + " after the day's " + day;
    assertTrue(toMs - fromMs > 0.08 * DAY_MS && toMs - fromMs < 0.12 * DAY_MS, what);
    assertEquals(dayPoints, points, 2, what);
    assertTrue((toMs - fromMs) / points < DAY_MS / dayPoints / 8, "finer buckets: " + what);
    awaitDrawn(toMs - fromMs);
    Map<?, ?> v = view();
    Map<?, ?> drawn = (Map<?, ?>) v.get("drawn");
    assertEquals(fromMs, number(v, "from"), 1, v.toString());
    assertTrue(number(drawn, "from") - fromMs < 20_000, "drawn from the zoom's start: " + v);
    assertTrue(toMs - number(drawn, "to") < 20_000, "drawn to the zoom's end: " + v);
    // About 860 samples 10 s apart: each drawn, or one bucket per column.
    assertTrue(number(v, "points") > 500, v.toString());
    assertTrue(coverage(MEAN, null, null) > 0.9, "drawn across");
    assertEquals("false", range("86400").getAttribute("aria-pressed"));
    assertEquals("not live: zoomed", driver.findElement(By.cssSelector(".trend-live")).getText());

    WebElement out = driver.findElement(By.cssSelector("#trend button[data-zoom='out']"));
    assertTrue(out.isEnabled());
    out.click();
    wait.until(ExpectedConditions.attributeToBe(TREND, "data-live", "true"));
    wait.until(ExpectedConditions.attributeToBe(range("86400"), "aria-pressed", "true"));
    awaitDrawn(DAY_MS);
  }

  @Test
  @Order(25)
  void theWeekEndsWithTheImportedDay() {
    range("604800").click();
    awaitDrawn(7 * DAY_MS);
    Map<String, String> week = lastTrendRequest();
    assertEquals("PT604800S", week.get("span"), week.toString());
    Map<?, ?> v = view();
    Map<?, ?> drawn = (Map<?, ?>) v.get("drawn");
    double to = number(v, "to");
    double bucket = 7.0 * DAY_MS / Integer.parseInt(week.get("points"));
    assertEquals("buckets", v.get("kind"), v.toString());
    assertTrue(to - number(drawn, "to") < 3 * bucket, "drawn up to now: " + v);
    assertEquals(25 * 3_600_000.0, to - number(drawn, "from"), 3 * bucket, "25 hours: " + v);
    assertEquals(0.0, coverage(MEAN, number(v, "from"), number(drawn, "from") - bucket));
    assertTrue(coverage(MEAN, number(drawn, "from") + bucket, to) > 0.85, "the day drawn");
  }

  @Test
  @Order(30)
  void liveValuesAreAppendedFromTheWebSocket() {
    range("600").click();
    awaitDrawn(600_000);
    // Values newer than the archive's answer, drawn since: they came over the WebSocket.
    wait.until(
        d -> {
          Map<?, ?> v = view();
          Map<?, ?> drawn = (Map<?, ?>) v.get("drawn");
          return number(v, "tail") >= 5 && number(drawn, "to") > number(v, "answerTo");
        });
    assertEquals("live", trend().getAttribute("data-tail"));
    assertEquals("live", driver.findElement(By.cssSelector(".trend-live")).getText());
    assertTrue(
        js().executeScript(
                "return window.vcrLive.watching().some(w => w.attribute === 'peakToPeak')")
            .equals(Boolean.TRUE),
        "the trend watches its attribute on the WebSocket");
  }

  @Test
  @Order(40)
  void aGapIsShownWithItsReason() throws Exception {
    samplePeakToPeakEvery(0); // off: the archive notes a SAMPLING_OFF gap
    String gap = "#trend .trend-gaps li[data-reason='SAMPLING_OFF']";
    String off = wait.until(d -> text(gap));
    assertTrue(off.contains("SAMPLING_OFF sampling was switched off"), off);
    assertTrue(off.contains("lasting"), off);
    samplePeakToPeakEvery(50);
    wait.until(d -> text(gap) != null && !text(gap).contains("lasting")); // ended
    awaitDrawn(600_000);
    assertTrue(((List<?>) view().get("gaps")).contains("SAMPLING_OFF"));
  }

  @Test
  @Order(50)
  void anAlarmLimitIsDrawnAsALineAndListed() throws Exception {
    range("86400").click();
    awaitDrawn(DAY_MS);
    double before = coverage(WARNING, null, null);
    assertTrue(before < 0.2, "no limit yet: " + before);
    ConfigureAlarmLimits limit = new ConfigureAlarmLimits();
    limit.setIm("lab/scope");
    limit.setAttribute("peakToPeak");
    limit.setHighWarning(3.4); // above the sine, below the spike
    admin.configureAlarmLimits(limit);
    try {
      range("86400").click(); // asks again now rather than within the minute
      String item = wait.until(d -> text("#trend .trend-limits li[data-limit='highWarning']"));
      assertEquals("highWarning 3.4 V", item);
      wait.until(d -> coverage(WARNING, null, null) > before + 0.4); // the dashed line
      js().executeScript("document.getElementById('trend').scrollIntoView(true)");
      screenshot("trend");
    } finally {
      ConfigureAlarmLimits none = new ConfigureAlarmLimits();
      none.setIm("lab/scope");
      none.setAttribute("peakToPeak");
      admin.configureAlarmLimits(none);
    }
    range("86400").click();
    wait.until(
        ExpectedConditions.numberOfElementsToBe(
            By.cssSelector("#trend .trend-limits li[data-limit]"), 0));
    driver.findElement(By.cssSelector("#trend button.trend-close")).click();
    wait.until(ExpectedConditions.numberOfElementsToBe(TREND, 0));
    assertEquals(
        Boolean.FALSE,
        js().executeScript(
                "return window.vcrLive.watching().some(w => w.attribute === 'peakToPeak')"),
        "a closed trend watches nothing");
  }

  @Test
  @Order(60)
  void anAttributeTheIeDoesNotArchiveShowsTheIesReasonAndNoChart() {
    driver.get(lab.portalUrl() + "#/ie/ie/lab/scope2");
    wait.until(ExpectedConditions.textToBe(By.id("im-title"), "lab/scope2"));
    wait.until(
            ExpectedConditions.elementToBeClickable(
                By.cssSelector("button.trend-open[data-trend='peakToPeak']")))
        .click();
    wait.until(ExpectedConditions.attributeToBe(TREND, "data-state", "error"));
    String error = driver.findElement(By.cssSelector("#trend .trend-error")).getText();
    assertTrue(error.startsWith("No trend: NOT_ARCHIVED: "), error);
    assertEquals("0", trend().getAttribute("data-points"));
    assertEquals(0.0, coverage(MEAN, null, null), "nothing drawn");
  }

  @Test
  @Order(70)
  void aStatisticOfAVectorHasATrendWithItsLimitAsALine() throws Exception {
    driver.get(lab.portalUrl() + "#/ie/ie/lab/scope");
    wait.until(ExpectedConditions.textToBe(By.id("im-title"), "lab/scope"));
    String trace = "section.trace[data-attribute='waveform'] ";
    for (String s : List.of("min", "max", "mean", "rms", "peakToPeak")) {
      wait.until(
          ExpectedConditions.elementToBeClickable(
              By.cssSelector(trace + "button.trend-open[data-trend='waveform." + s + "']")));
    }
    driver
        .findElement(By.cssSelector(trace + "button.trend-open[data-trend='waveform.max']"))
        .click();
    awaitDrawn(600_000);
    assertTrue(
        driver.findElement(By.id("trend-title")).getText().contains("waveform.max (V)"),
        "the vector's units: " + driver.findElement(By.id("trend-title")).getText());
    assertEquals("archive", trend().getAttribute("data-tail"));
    assertEquals(
        "live: from the archive", driver.findElement(By.cssSelector(".trend-live")).getText());
    assertEquals(
        Boolean.FALSE,
        js().executeScript(
                "return window.vcrLive.watching().some(w => w.attribute === 'waveform.max')"),
        "no feed is asked for: a statistic has none of its own");
    Map<?, ?> v = view();
    Map<?, ?> drawn = (Map<?, ?>) v.get("drawn");
    assertEquals("waveform.max", v.get("attribute"));
    assertTrue(number(v, "count") > 0, v.toString());
    assertTrue(coverage(MEAN, null, null) > 0.02, "the statistic's line is drawn: " + v);
    // The statistic's trend is the archive's: the IE answers the same series to its observer.
    InstrumentElementPort observer =
        InstrumentElementClient.connect(lab.soapUrl(), "observer", "observer");
    GetHistory g = new GetHistory();
    g.setIm("lab/scope");
    g.setAttribute("waveform.max");
    g.setFrom(XmlDateTime.of(instant(number(v, "from"))));
    g.setTo(XmlDateTime.of(instant(number(v, "to"))));
    g.setBuckets(1);
    HistoryBucket all = observer.getHistory(g).getHistory().getBucket().get(0);
    // (a sample or two produced just before the answer's end may have been archived since)
    assertEquals(number(v, "count"), all.getCount(), 2, "the range drawn: " + v);
    assertEquals(all.getMax(), number(drawn, "max"), 1e-9 * Math.abs(all.getMax()), v.toString());
    assertEquals(all.getMin(), number(drawn, "min"), 1e-9 * Math.abs(all.getMin()), v.toString());

    double before = coverage(WARNING, null, null);
    assertTrue(before < 0.2, "no limit yet: " + before);
    double hi = number(drawn, "max");
    double lo = number(drawn, "min");
    double span = hi - lo > 0 ? hi - lo : Math.abs(hi) * 0.1 > 0 ? Math.abs(hi) * 0.1 : 1;
    ConfigureAlarmLimits limit = new ConfigureAlarmLimits();
    limit.setIm("lab/scope");
    limit.setAttribute("waveform");
    limit.setStatistic("max");
    limit.setHighWarning(hi + span / 2); // just above the values: on the chart, never reached
    admin.configureAlarmLimits(limit);
    try {
      range("600").click(); // asks again now
      String item = wait.until(d -> text("#trend .trend-limits li[data-limit='highWarning']"));
      assertTrue(item.startsWith("highWarning ") && item.endsWith(" V"), item);
      wait.until(d -> coverage(WARNING, null, null) > before + 0.4); // the dashed line
    } finally {
      ConfigureAlarmLimits none = new ConfigureAlarmLimits();
      none.setIm("lab/scope");
      none.setAttribute("waveform");
      none.setStatistic("max");
      admin.configureAlarmLimits(none);
    }
    driver.findElement(By.cssSelector("#trend button.trend-close")).click();
    wait.until(ExpectedConditions.numberOfElementsToBe(TREND, 0));
  }

  // ------------------------------------------------------------------ helpers

  /** Waits until the view shows an answer for a range of {@code spanMs} with points drawn. */
  private void awaitDrawn(long spanMs) {
    wait.until(
        d -> {
          WebElement t = trend();
          String points = t.getAttribute("data-points");
          String span = t.getAttribute("data-span-ms");
          return "ok".equals(t.getAttribute("data-state"))
              && points != null
              && Integer.parseInt(points) > 0
              && span != null
              && Math.abs(Long.parseLong(span) - spanMs) <= Math.max(2_000, spanMs / 1000);
        });
  }

  /** What the view shows now (trend.js's {@code view()}). */
  private Map<?, ?> view() {
    return (Map<?, ?>) js().executeScript("return window.vcrTrend.view()");
  }

  private static double number(Map<?, ?> m, String key) {
    Object n = m.get(key);
    return n == null ? Double.NaN : ((Number) n).doubleValue();
  }

  /**
   * The query of the last {@code api/trend} request the page made, as the browser's resource timing
   * saw it, or null when there was none.
   */
  private Map<String, String> lastTrendRequest() {
    String url =
        (String)
            js().executeScript(
                    "const r = performance.getEntriesByType('resource')"
                        + ".filter(e => e.name.includes('/api/trend?'));"
                        + "return r.length ? r[r.length - 1].name : null");
    if (url == null) {
      return null;
    }
    Map<String, String> q = new HashMap<>();
    for (String kv : URI.create(url).getRawQuery().split("&")) {
      int eq = kv.indexOf('=');
      q.put(
          URLDecoder.decode(kv.substring(0, eq), StandardCharsets.UTF_8),
          URLDecoder.decode(kv.substring(eq + 1), StandardCharsets.UTF_8));
    }
    return q;
  }

  /**
   * The text of the element {@code css} selects, or null: read at once, as the view redraws its
   * lists with every answer.
   */
  private String text(String css) {
    return (String)
        js().executeScript(
                "const e = document.querySelector(arguments[0]); return e && e.textContent;", css);
  }

  private WebElement trend() {
    return driver.findElement(TREND);
  }

  private WebElement range(String seconds) {
    return driver.findElement(
        By.cssSelector("#trend button.trend-range[data-seconds='" + seconds + "']"));
  }

  private JavascriptExecutor js() {
    return (JavascriptExecutor) driver;
  }

  /**
   * The share of the chart's pixel columns, between two times when given, with a pixel in {@code
   * colour} ({@code #rrggbb}).
   */
  private double coverage(String colour, Double fromMs, Double toMs) {
    Object n =
        js().executeScript(
                "return window.vcrTrend.coverage(arguments[0],"
                    + " arguments[1] === null ? undefined : arguments[1],"
                    + " arguments[2] === null ? undefined : arguments[2])",
                colour,
                fromMs,
                toMs);
    return n == null ? 0 : ((Number) n).doubleValue();
  }

  private double coverage(String colour, double fromMs, double toMs) {
    return coverage(colour, Double.valueOf(fromMs), Double.valueOf(toMs));
  }

  private void samplePeakToPeakEvery(long millis) throws Exception {
    ConfigureSampling c = new ConfigureSampling();
    c.setIm("lab/scope");
    c.setAttribute("peakToPeak");
    c.setSamplingPeriodMillis(millis);
    if (millis > 0) {
      c.setDeadband(0.0);
    }
    admin.configureSampling(c);
  }

  /** The instant of {@code ms} milliseconds since the epoch, to the microsecond. */
  private static Instant instant(double ms) {
    long micros = Math.round(ms * 1000);
    return Instant.ofEpochSecond(
        Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1000);
  }

  private static long micros(Instant t) {
    return t.getEpochSecond() * 1_000_000L + t.getNano() / 1000;
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
