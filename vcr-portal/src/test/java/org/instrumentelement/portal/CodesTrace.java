package org.instrumentelement.portal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.instrumentelement.ie.client.InstrumentElementClient;
import org.instrumentelement.ie.client.soap.AddInstrumentManager;
import org.instrumentelement.ie.client.soap.ExecuteCommand;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.RemoveInstrumentManager;
import org.instrumentelement.ie.client.soap.SetParameter;
import org.instrumentelement.ie.client.soap.Setting;
import org.instrumentelement.ie.client.subscription.AttributeSubscriber;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.NoSuchElementException;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * A trace the mock Keysight scope sends as WORD codes (IM {@code kscope}, added at run time and
 * removed again), through a real IE, broker and portal: the portal's binary frames carry the codes
 * with their scale and offset (version 2), in fewer bytes than a frame of floats, and both a
 * WebSocket client and the page in a real Chromium decode them to the doubles of the attribute's
 * doubles topic for the same sequence, bit for bit; a doubles attribute keeps its frames of floats
 * (version 1). Used by {@link PortalBrowserIT}, whose IE and browser it shares.
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
      assertEquals(valuesAt + 2 * expected.length, raw.remaining(), "2 bytes a code");
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

  /** The page, signed in, opens the scope's panel and draws its doubles. */
  void checkPage(WebDriver driver, WebDriverWait wait) throws Exception {
    openPanel(wait, IM);
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
