package org.instrumentelement.ie;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.instrumentelement.ie.client.InstrumentElementClient;
import org.instrumentelement.ie.client.soap.GetHistory;
import org.instrumentelement.ie.client.soap.GetHistoryValue;
import org.instrumentelement.ie.client.soap.HistorySample;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.SubscriptionInfo;
import org.instrumentelement.ie.client.soap.Value;
import org.instrumentelement.ie.client.soap.VectorEncoding;
import org.instrumentelement.ie.client.subscription.AttributeSubscriber;
import org.instrumentelement.ie.recording.RecordingCalls;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The mock Keysight scope's trace, sent as WORD or BYTE codes and archived (history.vectors), comes
 * back through getHistoryValue, in XML, BINARY and CODES, as the doubles a subscriber of the
 * attribute received for the same sequence numbers, bit for bit; CODES gives the codes themselves.
 * The segments, read with h5py as docs/history.md says, give the same doubles.
 */
class CodesHistoryIT {
  static RunningElement running;
  static InstrumentElementPort ie;
  static Path dataDir;

  @BeforeAll
  static void start() throws Exception {
    dataDir = RunningElement.newDataDir();
    running =
        MockKeysightScope.start(
            dataDir,
            "--history.vectors=lab/kscope:waveform",
            "--history.flushInterval=200ms",
            "--history.segmentDuration=1s");
    ie = running.client();
  }

  @AfterAll
  static void stop() {
    if (running != null) {
      running.close();
    }
  }

  @ParameterizedTest
  @CsvSource({"WORD, INT16_CODES, 2", "BYTE, INT8_CODES, 1"})
  void theArchivedCodesGiveThePublishedDoubles(String format, String codes, int width)
      throws Exception {
    SubscriptionInfo info = MockKeysightScope.sendAs(ie, format);
    Map<Long, double[]> published = new ConcurrentHashMap<>();
    Instant from = Instant.now();
    try (AttributeSubscriber sub = MockKeysightScope.collect(info, published)) {
      long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
      while (published.size() < 12 && System.nanoTime() < deadline) {
        Thread.sleep(50);
      }
    }
    assertTrue(published.size() >= 12, "traces received: " + published.size());
    GetHistory h = new GetHistory();
    h.setIm("lab/kscope");
    h.setAttribute("waveform");
    h.setFrom(HistoryIT.xml(from));
    h.setTo(HistoryIT.xml(Instant.now()));
    List<HistorySample> archived = ie.getHistory(h).getHistory().getSample();
    int compared = 0;
    for (HistorySample s : archived) {
      double[] expected = published.get(s.getSequence());
      if (expected == null) {
        continue; // published before the subscription began, or in the other format
      }
      Value codesAnswer = null;
      for (VectorEncoding e : VectorEncoding.values()) {
        GetHistoryValue r = new GetHistoryValue();
        r.setIm("lab/kscope");
        r.setAttribute("waveform");
        r.setTime(s.getTime());
        r.setEncoding(e);
        var answer = ie.getHistoryValue(r);
        assertEquals(s.getSequence(), answer.getSequence());
        Value v = answer.getValue();
        assertBitIdentical(expected, InstrumentElementClient.vector(v), e + " #" + s.getSequence());
        if (e == VectorEncoding.CODES) {
          codesAnswer = v;
        } else {
          assertNull(v.getCodes(), e + " gives doubles");
        }
      }
      assertNotNull(codesAnswer);
      assertEquals(codes, codesAnswer.getCodes());
      assertEquals(expected.length * width, codesAnswer.getData().length, "the codes' bytes");
      compared++;
    }
    assertTrue(compared >= 8, "traces compared: " + compared + " of " + archived.size());
    if (RecordingCalls.h5pyInstalled()) {
      readWithH5py(published, format.equals("WORD") ? "int16" : "int8");
    }
  }

  /**
   * The written segments read with h5py as docs/history.md says: the same doubles, bit for bit, as
   * the subscriber's; waits for the segments (written a second after their first sample).
   */
  private static void readWithH5py(Map<Long, double[]> published, String dtype) throws Exception {
    Path expected = MockKeysightScope.writeDoubles(published, "codes-history-expected");
    Path series = dataDir.resolve("history").resolve("series").resolve("lab%2Fkscope~waveform");
    int matched = 0;
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (matched < 8 && System.nanoTime() < deadline) {
      matched =
          Integer.parseInt(
              RecordingCalls.runPython(
                      "src/test/python/read_codes_history.py",
                      series.toString(),
                      dtype,
                      expected.toString())
                  .trim());
      if (matched < 8) {
        Thread.sleep(500); // the segments of the traces received are not all written yet
      }
    }
    assertTrue(matched >= 8, "traces h5py read as the subscriber's: " + matched);
  }

  private static void assertBitIdentical(double[] expected, double[] got, String what) {
    assertEquals(expected.length, got.length, what);
    for (int k = 0; k < expected.length; k++) {
      if (Double.doubleToRawLongBits(expected[k]) != Double.doubleToRawLongBits(got[k])) {
        throw new AssertionError(what + ", point " + k + ": " + expected[k] + " != " + got[k]);
      }
    }
  }
}
