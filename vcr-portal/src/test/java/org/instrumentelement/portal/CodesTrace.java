package org.instrumentelement.portal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.instrumentelement.ie.client.InstrumentElementClient;
import org.instrumentelement.ie.client.soap.AddInstrumentManager;
import org.instrumentelement.ie.client.soap.AttributeInfo;
import org.instrumentelement.ie.client.soap.DescribeInstrumentManager;
import org.instrumentelement.ie.client.soap.ExecuteCommand;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.RemoveInstrumentManager;
import org.instrumentelement.ie.client.soap.SetParameter;
import org.instrumentelement.ie.client.soap.Setting;
import org.instrumentelement.ie.client.soap.ValueType;
import org.instrumentelement.ie.client.subscription.AttributeSubscriber;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.NoSuchElementException;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * A trace the mock Keysight scope sends as WORD codes (IM {@code kscope}, added at run time and
 * removed again), through a real IE, broker and portal: the portal's binary frames carry the codes
 * with their scale and offset (version 2), in fewer bytes than a frame of floats, and both a
 * WebSocket client and the page in a real Chromium decode them to the doubles of the attribute's
 * doubles topic for the same sequence, bit for bit; a doubles attribute keeps its frames of floats
 * (version 1); and once a smaller vertical scale clips the trace, the page marks the clipped
 * samples the scope sent as its clip codes. Used by {@link PortalBrowserIT}, whose IE and browser
 * it shares.
 */
final class CodesTrace implements AutoCloseable {
  static final String IM = "kscope";
  private static final String DOUBLES_TOPIC = "ie.ie.kscope.waveform";

  private final InstrumentElementPort admin;
  private final AttributeSubscriber observer;

  /** The doubles topic's values by sequence (the codes topic's carry the same sequences). */
  private final Map<Long, double[]> doubles = new ConcurrentHashMap<>();

  private CodesTrace(PortalLab lab) throws Exception {
    admin = InstrumentElementClient.connect(lab.soapUrl(), "admin", "admin");
    AddInstrumentManager add = new AddInstrumentManager();
    add.setName(IM);
    add.setType("scpi");
    add.setDescriptor("keysight-infiniivision");
    add.setAddress("MOCK::keysight-scope");
    Setting period = new Setting();
    period.setName("attribute.waveform.period");
    period.setValue("100ms");
    add.getSetting().add(period);
    admin.addInstrumentManager(add);
    SetParameter word = new SetParameter();
    word.setIm(IM);
    word.setParameter("dataFormat");
    word.setValue(InstrumentElementClient.stringValue("WORD"));
    admin.setParameter(word);
    SetParameter points = new SetParameter();
    points.setIm(IM);
    points.setParameter("points");
    points.setValue(InstrumentElementClient.integerValue(1000)); // 2,000 points show them whole
    admin.setParameter(points);
    // Stopped, the scope holds one trace; running, every sample is a new one.
    ExecuteCommand run = new ExecuteCommand();
    run.setIm(IM);
    run.setCommand("start");
    admin.executeCommand(run);
    observer =
        AttributeSubscriber.connect(lab.runtime.broker().openWireUrl(), "observer", "observer");
    observer.subscribe(
        DOUBLES_TOPIC,
        v -> {
          doubles.put(v.sequence(), v.doubles());
          doubles.keySet().removeIf(s -> s < v.sequence() - 400); // a minute at 10 values/s
        });
  }

  /** Adds the scope in WORD with 1,000 points, starts it, and follows its doubles topic. */
  static CodesTrace start(PortalLab lab) throws Exception {
    return new CodesTrace(lab);
  }

  /** Removes the scope, so that the tests after it run on the IE as it was. */
  @Override
  public void close() throws Exception {
    observer.close();
    RemoveInstrumentManager remove = new RemoveInstrumentManager();
    remove.setIm(IM);
    admin.removeInstrumentManager(remove);
  }

  /** A binary frame read by the layout of docs/portal.md. */
  private record Decoded(int version, int flags, long seq, int length, double[] y, int[] index) {}

  /**
   * Viewers on the JDK's WebSocket client: one as wide as the trace, one narrow (decimated), one of
   * a doubles attribute.
   */
  void checkViewers(String portal) throws Exception {
    String cookie = LiveViewer.signIn(portal, "observer");
    try (LiveViewer full = LiveViewer.open(portal, cookie, true, () -> 0);
        LiveViewer narrow = LiveViewer.open(portal, cookie, true, () -> 0);
        LiveViewer floats = LiveViewer.open(portal, cookie, true, () -> 0)) {
      full.watch("ie", IM, "binary", 1000, 2); // 2,000 points: the 1,000 samples as they are
      narrow.watch("ie", IM, "binary", 200, 2); // 384 points: min and max of 192 buckets
      floats.watch("ie", "lab/scope", "binary", 1000, 2); // a doubles attribute
      Decoded whole = matched(full);
      assertEquals(2, whole.version(), "a frame of codes");
      assertEquals(0, whole.flags() & 1, "not decimated");
      double[] expected = doubles.get(whole.seq());
      assertEquals(expected.length, whole.y().length);
      for (int i = 0; i < expected.length; i++) {
        assertEquals(
            Double.doubleToRawLongBits(expected[i]),
            Double.doubleToRawLongBits(whole.y()[i]),
            "sample " + i + " of #" + whole.seq());
      }
      ByteBuffer raw = lastFrame(full).bytes();
      int valuesAt = Short.toUnsignedInt(raw.order(ByteOrder.LITTLE_ENDIAN).getShort(2));
      // The frame of floats of the same header: strings at 72 instead of 100, 4 bytes a point.
      int floatFrame = ((valuesAt - 28 + 3) & ~3) + 4 * expected.length;
      // The profile names the Keysight's clip codes: the frame ends with the two clip counts.
      assertEquals(128, raw.get(1) & 128, "clip counts");
      assertEquals(valuesAt + 2 * expected.length + 8, raw.remaining(), "2 bytes a code");
      assertTrue(
          raw.remaining() < 0.6 * floatFrame,
          raw.remaining() + " bytes, against " + floatFrame + " as floats");

      Decoded reduced = matched(narrow);
      assertEquals(2, reduced.version());
      assertEquals(1, reduced.flags() & 1, "decimated");
      double[] all = doubles.get(reduced.seq());
      assertTrue(reduced.y().length <= 384 && reduced.y().length > 100, "" + reduced.y().length);
      for (int k = 0; k < reduced.y().length; k++) {
        assertEquals(
            Double.doubleToRawLongBits(all[reduced.index()[k]]),
            Double.doubleToRawLongBits(reduced.y()[k]),
            "point " + k);
      }

      await(() -> !floats.frames().isEmpty(), "a frame of lab/scope");
      assertEquals(1, floats.frames().get(0).bytes().get(0), "doubles keep their float frames");
    }
  }

  /**
   * The page, signed in, opens the scope's panel: a trace card for each vector the IE publishes
   * (subscribable) and for nothing else, as the IE describes the scope (its {@code time} vector,
   * read on demand, is an attribute row saying it has no live trace), and draws its doubles.
   */
  void checkPage(WebDriver driver, WebDriverWait wait) throws Exception {
    openPanel(wait, IM);
    DescribeInstrumentManager q = new DescribeInstrumentManager();
    q.setIm(IM);
    Set<String> watchable = new TreeSet<>();
    Set<String> notWatchable = new TreeSet<>();
    for (AttributeInfo a : admin.describeInstrumentManager(q).getDescription().getAttribute()) {
      if (a.getType() == ValueType.DOUBLE_ARRAY) {
        (a.isSubscribable() ? watchable : notWatchable).add(a.getName());
      }
    }
    assertEquals(Set.of("waveform"), watchable);
    assertEquals(Set.of("time"), notWatchable, "the scope has a vector it does not publish");
    Set<String> cards = new TreeSet<>();
    for (WebElement card : driver.findElements(By.cssSelector(".trace[data-attribute]"))) {
      cards.add(card.getAttribute("data-attribute"));
    }
    assertEquals(watchable, cards, "a trace card for each vector that can be watched, only");
    for (String name : notWatchable) {
      wait.until(
          ExpectedConditions.textToBe(
              By.cssSelector("tr[data-attribute='" + name + "'] .attr-value"),
              "vector, not published: no live trace"));
    }
    JavascriptExecutor js = (JavascriptExecutor) driver;
    // The page's last frame: its first byte, and its values' float64 bytes (base64), exact.
    String script =
        "const f = window.vcrLive.lastFrame(); if (!f || f.im !== '"
            + IM
            + "' || f.attribute !== 'waveform') return null;"
            + " const y = Float64Array.from(f.y, (x) => (x === null ? NaN : x));"
            + " let s = ''; for (const b of new Uint8Array(y.buffer)) s += String.fromCharCode(b);"
            + " return {seq: f.seq, version: new Uint8Array(window.vcrLive.lastMessage())[0],"
            + " y: btoa(s), i: f.i ? Array.from(f.i) : null, scale: f.scale,"
            + " points: document.querySelector(\".trace[data-attribute='waveform']"
            + " .trace-points\").textContent}";
    Map<?, ?> shown = null;
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (shown == null && System.nanoTime() < deadline) {
      Map<?, ?> f = (Map<?, ?>) js.executeScript(script);
      if (f != null && doubles.containsKey(((Number) f.get("seq")).longValue())) {
        shown = f;
      } else {
        TimeUnit.MILLISECONDS.sleep(50); // polling the page until it draws a value we have
      }
    }
    assertNotNull(shown, "the page drew a value of the doubles topic");
    assertEquals(2L, ((Number) shown.get("version")).longValue(), "a frame of codes");
    assertTrue(((String) shown.get("points")).endsWith("16-bit codes"), "" + shown.get("points"));
    double[] expected = doubles.get(((Number) shown.get("seq")).longValue());
    ByteBuffer y =
        ByteBuffer.wrap(Base64.getDecoder().decode((String) shown.get("y")))
            .order(ByteOrder.LITTLE_ENDIAN);
    List<?> index = (List<?>) shown.get("i");
    int n = y.remaining() / 8;
    assertEquals(index == null ? expected.length : index.size(), n);
    for (int k = 0; k < n; k++) {
      int i = index == null ? k : ((Number) index.get(k)).intValue();
      assertEquals(
          Double.doubleToRawLongBits(expected[i]),
          Double.doubleToRawLongBits(y.getDouble(8 * k)),
          "point " + k);
    }
  }

  /**
   * The page marks the samples the scope clipped, and only those: at the profile's 0.5 V/div the
   * 1.5 V sine fits the 8 divisions (±2 V) and nothing is marked; at 0.25 V/div (±1 V) the scope
   * sends its clip codes at both edges, the page draws marks there and says how many samples of the
   * trace were clipped, as many as the doubles topic has at the clip codes' values, and a JSON
   * viewer is told the same. Leaves the scope at 0.25 V/div (the scope is removed afterwards).
   */
  void checkClipping(WebDriver driver, WebDriverWait wait, String portal) throws Exception {
    JavascriptExecutor js = (JavascriptExecutor) driver;
    Map<?, ?> shown = shownClipping(js, f -> true);
    assertEquals(-32767L, ((Number) shown.get("clipLow")).longValue(), "Keysight's 1, as kept");
    assertEquals(32767L, ((Number) shown.get("clipHigh")).longValue(), "Keysight's 0xFFFF");
    assertEquals("0", shown.get("low"), "nothing clipped at 0.5 V/div: " + shown);
    assertEquals("0", shown.get("high"), "" + shown);
    assertEquals("0", shown.get("marks"), "" + shown);
    assertEquals("", shown.get("text"), "no clip text on a trace that fits the screen");

    SetParameter narrow = new SetParameter();
    narrow.setIm(IM);
    narrow.setParameter("voltsPerDiv");
    narrow.setValue(InstrumentElementClient.doubleValue(0.25));
    admin.setParameter(narrow);
    shown = shownClipping(js, f -> !"0".equals(f.get("low")) && !"0".equals(f.get("high")));
    double[] expected = doubles.get(((Number) shown.get("seq")).longValue());
    double scale = ((Number) shown.get("scale")).doubleValue();
    double offset = ((Number) shown.get("offset")).doubleValue();
    double bottom = -32767 * scale + offset;
    double top = 32767 * scale + offset;
    int low = 0;
    int high = 0;
    for (double x : expected) {
      low += x == bottom ? 1 : 0;
      high += x == top ? 1 : 0;
    }
    assertTrue(low > 0 && high > 0, "a ±1 V screen clips the 1.5 V sine at both edges");
    assertEquals(String.valueOf(low), shown.get("low"), "" + shown);
    assertEquals(String.valueOf(high), shown.get("high"), "" + shown);
    assertTrue(Integer.parseInt((String) shown.get("marks")) > 0, "marks drawn: " + shown);
    assertEquals(
        (low + high) + " samples clipped (" + low + " low, " + high + " high)", shown.get("text"));
    assertTrue(
        ((Number) shown.get("drawnMarks")).longValue() > 0, "the marks' series holds points");

    String cookie = LiveViewer.signIn(portal, "observer");
    try (LiveViewer json = LiveViewer.open(portal, cookie, true, () -> 0)) {
      json.watch("ie", IM, "json", 200, 2); // decimated: 384 points
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      JsonNode frame = null;
      while (frame == null && System.nanoTime() < deadline) {
        for (LiveViewer.Received r : json.frames()) {
          double[] all = r.json() == null ? null : doubles.get(r.seq());
          if (all != null && r.json().has("y")) {
            frame = r.json();
            expected = all;
          }
        }
        TimeUnit.MILLISECONDS.sleep(20); // waiting for frames
      }
      assertNotNull(frame, "a JSON frame of a value the doubles topic showed");
      int lows = 0;
      int highs = 0;
      for (double x : expected) {
        lows += x == bottom ? 1 : 0;
        highs += x == top ? 1 : 0;
      }
      assertEquals(lows, frame.get("clippedLow").asInt());
      assertEquals(highs, frame.get("clippedHigh").asInt());
      assertTrue(frame.get("clippedHighPoints").size() > 0, frame.toString());
      for (JsonNode k : frame.get("clippedHighPoints")) {
        int i = frame.get("i").get(k.asInt()).asInt();
        assertEquals(top, expected[i], "point " + k + " is a clipped sample");
      }
    }

    // The page on JSON frames (?frames=json) marks them alike, then back to binary frames.
    driver.get(portal + "?frames=json");
    openPanel(wait, IM);
    assertEquals("json", js.executeScript("return window.vcrLive.format"));
    shown = shownClipping(js, f -> !"0".equals(f.get("low")) && !"0".equals(f.get("high")));
    expected = doubles.get(((Number) shown.get("seq")).longValue());
    low = 0;
    high = 0;
    for (double x : expected) {
      low += x == bottom ? 1 : 0;
      high += x == top ? 1 : 0;
    }
    assertEquals(String.valueOf(low), shown.get("low"), "JSON page: " + shown);
    assertEquals(String.valueOf(high), shown.get("high"), "JSON page: " + shown);
    assertTrue(Integer.parseInt((String) shown.get("marks")) > 0, "JSON page: " + shown);
    assertTrue(((Number) shown.get("drawnMarks")).longValue() > 0, "JSON page: " + shown);
    driver.get(portal);
    wait.until(
        d ->
            "binary"
                .equals(
                    ((JavascriptExecutor) d)
                        .executeScript("return window.vcrLive && window.vcrLive.format")));
  }

  /**
   * What the page shows of clipping on the scope's trace, once it draws a value the doubles topic
   * has and {@code until} holds.
   */
  private Map<?, ?> shownClipping(JavascriptExecutor js, Predicate<Map<?, ?>> until)
      throws InterruptedException {
    String script =
        "const c = document.querySelector(\".trace[data-attribute='waveform']\");"
            + " const f = window.vcrLive.lastFrame();"
            + " if (!c || !f || f.im !== '"
            + IM
            + "' || f.attribute !== 'waveform') return null;"
            + " const d = window.vcrLive.chartData('waveform');"
            + " return {seq: f.seq, low: c.dataset.clippedLow, high: c.dataset.clippedHigh,"
            + " marks: c.dataset.clipMarks, text: c.querySelector('.trace-clip').textContent,"
            + " scale: f.scale, offset: f.offset, clipLow: f.clipLowCode, clipHigh: f.clipHighCode,"
            + " drawnMarks: d ? d[2].filter((x) => x !== null).length"
            + " + d[3].filter((x) => x !== null).length : -1}";
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    Map<?, ?> last = null;
    while (System.nanoTime() < deadline) {
      Map<?, ?> f = (Map<?, ?>) js.executeScript(script);
      if (f != null && doubles.containsKey(((Number) f.get("seq")).longValue())) {
        last = f;
        if (until.test(f)) {
          return f;
        }
      }
      TimeUnit.MILLISECONDS.sleep(50); // polling the page until it draws such a value
    }
    throw new AssertionError("the page did not show it within 30 s; last: " + last);
  }

  /**
   * Opens the panel of IM {@code im} of the IE named ie from the tree, which the page redraws as it
   * polls: a link replaced between finding and clicking it is found again.
   */
  static void openPanel(WebDriverWait wait, String im) {
    By link = By.cssSelector("a.tree-im[data-ie='ie'][data-im='" + im + "']");
    wait.until(
        d -> {
          try {
            d.findElement(link).click();
            return true;
          } catch (NoSuchElementException | StaleElementReferenceException notYet) {
            return false;
          }
        });
    wait.until(ExpectedConditions.textToBe(By.id("im-title"), im));
  }

  /** A frame of {@code v} whose sequence the doubles topic has shown, decoded. */
  private Decoded matched(LiveViewer v) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (System.nanoTime() < deadline) {
      for (LiveViewer.Received r : v.frames()) {
        if (r.bytes() != null && doubles.containsKey(r.seq())) {
          return decode(r.bytes());
        }
      }
      TimeUnit.MILLISECONDS.sleep(20); // waiting for frames
    }
    throw new AssertionError("no frame of a value the doubles topic showed: " + v.messages());
  }

  private static LiveViewer.Received lastFrame(LiveViewer v) {
    List<LiveViewer.Received> frames = v.frames();
    return frames.get(frames.size() - 1);
  }

  /** A binary frame, its values decoded as the page does (code * scale + offset). */
  private static Decoded decode(ByteBuffer raw) {
    ByteBuffer b = raw.duplicate().order(ByteOrder.LITTLE_ENDIAN);
    int version = b.get(0);
    int flags = b.get(1);
    int valuesAt = Short.toUnsignedInt(b.getShort(2));
    int n = b.getInt(4);
    double[] y = new double[n];
    int valueBytes;
    if (version == 2) {
      double scale = b.getDouble(72);
      double offset = b.getDouble(80);
      boolean wide = (flags & 8) != 0;
      for (int k = 0; k < n; k++) {
        int code = wide ? b.getShort(valuesAt + 2 * k) : b.get(valuesAt + k);
        y[k] = (flags & 16) != 0 && code == b.getInt(88) ? Double.NaN : code * scale + offset;
      }
      valueBytes = (n * (wide ? 2 : 1) + 3) & ~3;
    } else {
      for (int k = 0; k < n; k++) {
        y[k] = b.getFloat(valuesAt + 4 * k);
      }
      valueBytes = 4 * n;
    }
    int[] index = null;
    if ((flags & 1) != 0) {
      index = new int[n];
      int from = valuesAt + valueBytes;
      for (int k = 0; k < n; k++) {
        index[k] =
            (flags & 2) != 0
                ? b.getInt(from + 4 * k)
                : Short.toUnsignedInt(b.getShort(from + 2 * k));
      }
    }
    return new Decoded(version, flags, (long) b.getDouble(16), b.getInt(8), y, index);
  }

  private static void await(Supplier<Boolean> condition, String what) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (!condition.get()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("not within 30 s: " + what);
      }
      TimeUnit.MILLISECONDS.sleep(20);
    }
  }
}
