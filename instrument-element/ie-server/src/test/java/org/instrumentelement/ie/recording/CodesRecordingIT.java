package org.instrumentelement.ie.recording;

import static org.instrumentelement.ie.recording.RecordingCalls.item;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.instrumentelement.ie.RunningElement;
import org.instrumentelement.ie.client.InstrumentElementClient;
import org.instrumentelement.ie.client.soap.ExecuteCommand;
import org.instrumentelement.ie.client.soap.GetSubscriptionInfo;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.RecordingInfo;
import org.instrumentelement.ie.client.soap.SetParameter;
import org.instrumentelement.ie.client.soap.SubscriptionInfo;
import org.instrumentelement.ie.client.subscription.AttributeSubscriber;
import org.instrumentelement.ie.config.ConfigLoader;
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
    running =
        RunningElement.of(
            RunningElement.freePorts(
                    ConfigLoader.load(
                        List.of(
                            "--im.kscope.parent=lab",
                            "--im.kscope.type=scpi",
                            "--im.kscope.descriptor=keysight-infiniivision",
                            "--im.kscope.address=MOCK::keysight-scope",
                            "--im.kscope.attribute.waveform.period=100ms"),
                        Map.of()))
                .with("data.dir", dataDir.toString()));
    ie = running.client();
    ExecuteCommand run = new ExecuteCommand(); // running, every read is a new trace
    run.setIm("lab/kscope");
    run.setCommand("start");
    ie.executeCommand(run);
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
    SetParameter p = new SetParameter();
    p.setIm("lab/kscope");
    p.setParameter("dataFormat");
    p.setValue(InstrumentElementClient.stringValue(format));
    ie.setParameter(p);
    GetSubscriptionInfo q = new GetSubscriptionInfo();
    q.setIm("lab/kscope");
    q.setAttribute("waveform");
    SubscriptionInfo info = ie.getSubscriptionInfo(q).getSubscription();
    Map<Long, double[]> published = new ConcurrentHashMap<>();
    RecordingInfo stopped;
    try (AttributeSubscriber sub =
        AttributeSubscriber.connect(info.getBrokerUrl(), "observer", "observer")) {
      sub.subscribe(info.getTopic(), v -> published.put(v.sequence(), v.doubles()));
      String id =
          RecordingCalls.start(ie, "codes " + format, item("lab/kscope", "waveform"))
              .getRecording();
      RecordingCalls.await(ie, id, r -> r.getSamples() >= 8, Duration.ofSeconds(60));
      stopped = RecordingCalls.stop(ie, id);
    }
    assertEquals(0, stopped.getDropped(), "samples dropped");
    Path expected = Files.createTempDirectory(Path.of("target"), "codes-expected");
    for (Map.Entry<Long, double[]> e : published.entrySet()) {
      ByteBuffer b = ByteBuffer.allocate(e.getValue().length * 8).order(ByteOrder.LITTLE_ENDIAN);
      b.asDoubleBuffer().put(e.getValue());
      Files.write(expected.resolve(e.getKey() + ".f64"), b.array());
    }
    Path dir = dataDir.resolve("recordings").resolve(stopped.getRecording());
    String out =
        RecordingCalls.runPython(
            "src/test/python/read_codes_recording.py", dir.toString(), dtype, expected.toString());
    System.out.println(out);
  }
}
