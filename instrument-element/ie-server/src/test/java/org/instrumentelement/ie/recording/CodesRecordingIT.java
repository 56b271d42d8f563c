package org.instrumentelement.ie.recording;

import static org.instrumentelement.ie.recording.RecordingCalls.item;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.instrumentelement.ie.MockKeysightScope;
import org.instrumentelement.ie.RunningElement;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.RecordingInfo;
import org.instrumentelement.ie.client.soap.SubscriptionInfo;
import org.instrumentelement.ie.client.subscription.AttributeSubscriber;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A recording of the mock Keysight scope's trace, sent as WORD or BYTE codes, keeps the codes: h5py
 * reads an int16 or int8 dataset with {@code scale_factor} and {@code add_offset}, and the doubles
 * it computes from them are, bit for bit, those a subscriber of the attribute received.
 */
class CodesRecordingIT {
  static RunningElement running;
  static InstrumentElementPort ie;
  static Path dataDir;

  @BeforeAll
  static void start() throws Exception {
    assumeTrue(RecordingCalls.h5pyInstalled(), "python3-h5py not installed");
    dataDir = RunningElement.newDataDir();
    running = MockKeysightScope.start(dataDir);
    ie = running.client();
  }

  @AfterAll
  static void stop() {
    if (running != null) {
      running.close();
    }
  }

  @ParameterizedTest
  @CsvSource({"WORD, int16", "BYTE, int8"})
  void theCodesAreRecordedAndGiveThePublishedDoubles(String format, String dtype) throws Exception {
    SubscriptionInfo info = MockKeysightScope.sendAs(ie, format);
    Map<Long, double[]> published = new ConcurrentHashMap<>();
    RecordingInfo stopped;
    try (AttributeSubscriber sub = MockKeysightScope.collect(info, published)) {
      String id =
          RecordingCalls.start(ie, "codes " + format, item("lab/kscope", "waveform"))
              .getRecording();
      RecordingCalls.await(ie, id, r -> r.getSamples() >= 8, Duration.ofSeconds(60));
      stopped = RecordingCalls.stop(ie, id);
    }
    assertEquals(0, stopped.getDropped(), "samples dropped");
    Path expected = MockKeysightScope.writeDoubles(published, "codes-expected");
    Path dir = dataDir.resolve("recordings").resolve(stopped.getRecording());
    String out =
        RecordingCalls.runPython(
            "src/test/python/read_codes_recording.py", dir.toString(), dtype, expected.toString());
    System.out.println(out);
  }
}
