package org.instrumentelement.ie.recording;

import static org.instrumentelement.ie.recording.RecordingCalls.item;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.instrumentelement.ie.RunningElement;
import org.instrumentelement.ie.client.soap.ConfigureSampling;
import org.instrumentelement.ie.client.soap.GetState;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.config.ConfigLoader;
import org.junit.jupiter.api.Test;

/**
 * A recording of the mock oscilloscope's waveform replayed as an instrument: an oscilloscope IM on
 * {@code REPLAY::<recording>::4} publishes the recorded vectors again, and a STOMP subscriber
 * (stomp.py) receives them bit for bit, in the recorded order, as h5py reads them from the files.
 */
class ReplayIT {

  @Test
  void aReplayedRecordingReachesStompSubscribersBitForBit() throws Exception {
    assumeTrue(RecordingCalls.h5pyInstalled(), "python3-h5py not installed");
    Process probe = new ProcessBuilder(RecordingCalls.PYTHON, "-c", "import stomp").start();
    assumeTrue(
        probe.waitFor(30, TimeUnit.SECONDS) && probe.exitValue() == 0, "stomp.py not installed");
    Path dataDir = RunningElement.newDataDir();
    String id;
    try (RunningElement e =
        RunningElement.of(
            RunningElement.freePorts(ConfigLoader.load(List.of(), Map.of()))
                .with("data.dir", dataDir.toString()))) {
      InstrumentElementPort admin = e.client();
      ConfigureSampling c = new ConfigureSampling();
      c.setIm("lab/scope");
      c.setAttribute("waveform");
      c.setSamplingPeriodMillis(50L);
      admin.configureSampling(c);
      id = RecordingCalls.start(admin, "to replay", item("lab/scope", "waveform")).getRecording();
      RecordingCalls.await(admin, id, r -> r.getSamples() >= 20, Duration.ofSeconds(60));
      RecordingCalls.stop(admin, id);
    }
    try (RunningElement e =
        RunningElement.of(
            RunningElement.freePorts(
                    ConfigLoader.load(
                        List.of(
                            "--im.replay.type=oscilloscope",
                            "--im.replay.address=REPLAY::" + id + "::4",
                            "--im.replay.attribute.waveform.period=10ms"),
                        Map.of()))
                .with("data.dir", dataDir.toString()))) {
      InstrumentElementPort admin = e.client();
      GetState state = new GetState();
      state.setIm("replay");
      assertEquals("LINKED", admin.getState(state).getState());
      String out =
          RecordingCalls.checkReplayOverStomp(
              admin, "replay", "waveform", dataDir.resolve("recordings").resolve(id), 15);
      System.out.println(out);
    }
  }
}
