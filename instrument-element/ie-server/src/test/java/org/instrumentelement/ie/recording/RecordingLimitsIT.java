package org.instrumentelement.ie.recording;

import static org.instrumentelement.ie.recording.RecordingCalls.item;
import static org.instrumentelement.ie.recording.RecordingIT.code;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import org.instrumentelement.ie.RunningElement;
import org.instrumentelement.ie.client.soap.ConfigureSampling;
import org.instrumentelement.ie.client.soap.DeleteRecording;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.ListRecordings;
import org.instrumentelement.ie.client.soap.ListRecordingsResponse;
import org.instrumentelement.ie.client.soap.RecordingInfo;
import org.instrumentelement.ie.client.soap.StartRecording;
import org.junit.jupiter.api.Test;

/**
 * A recording stops by itself at its sample count, duration or size limit, and at the quota of the
 * recordings directory, keeping every sample it took; a full directory refuses new recordings until
 * one is deleted.
 */
class RecordingLimitsIT {
  static final long QUOTA = 3 * 1024 * 1024;

  @Test
  void limitsAndTheQuotaStopRecordingsWithoutLosingWhatTheyTook() throws Exception {
    assumeTrue(RecordingCalls.h5pyInstalled(), "python3-h5py not installed");
    try (RunningElement e =
        RunningElement.mockLab("--recording.quota=" + QUOTA, "--recording.segmentBytes=500KB")) {
      InstrumentElementPort admin = e.client();
      ConfigureSampling c = new ConfigureSampling();
      c.setIm("lab/array2500");
      c.setAttribute("vector");
      c.setSamplingPeriodMillis(20L);
      admin.configureSampling(c);

      RecordingInfo counted = finish(admin, start(admin, s -> s.setMaxSamples(10L)));
      assertEquals(10, counted.getSamples());
      assertEquals("it took its 10 samples", counted.getStopReason());

      RecordingInfo timed = finish(admin, start(admin, s -> s.setDurationMillis(500L)));
      assertEquals("its duration of 500 ms has passed", timed.getStopReason());
      assertTrue(timed.getSamples() > 0);

      RecordingInfo sized = finish(admin, start(admin, s -> s.setMaxBytes(300_000L)));
      assertEquals("it reached its size limit of 300000 bytes", sized.getStopReason());
      assertTrue(sized.getBytes() <= 300_000, sized.getBytes() + " bytes");
      delete(admin, counted, timed, sized);

      RecordingInfo full = finish(admin, start(admin, s -> {}));
      assertEquals(
          "the recordings directory reached its quota of " + QUOTA + " bytes (recording.quota)",
          full.getStopReason());
      assertTrue(full.getSegment().size() >= 2, "segments: " + full.getSegment().size());
      ListRecordingsResponse list = admin.listRecordings(new ListRecordings());
      assertEquals(QUOTA, list.getQuotaBytes());
      assertTrue(list.getUsedBytes() <= QUOTA, list.getUsedBytes() + " bytes used");
      // Everything taken is in the files: the count matches, and no sequence number is missing.
      RecordingCalls.readArrayRecordingWithH5py(
          e.runtime.recordings().directory().resolve(full.getRecording()), full, "admin");

      assertEquals("STORAGE_FULL", code(() -> start(admin, s -> {})));
      delete(admin, full);
      RecordingInfo again = start(admin, s -> s.setMaxSamples(1L));
      assertEquals("RECORDING", again.getState());
      finish(admin, again);
    }
  }

  interface Limits {
    void set(StartRecording s);
  }

  private static RecordingInfo start(InstrumentElementPort ie, Limits limits) throws Exception {
    StartRecording s = new StartRecording();
    s.getItem().add(item("lab/array2500", "vector"));
    limits.set(s);
    return ie.startRecording(s).getRecording();
  }

  private static RecordingInfo finish(InstrumentElementPort ie, RecordingInfo r) throws Exception {
    RecordingInfo done =
        RecordingCalls.await(
            ie, r.getRecording(), i -> !i.getState().equals("RECORDING"), Duration.ofSeconds(120));
    assertEquals("COMPLETE", done.getState());
    assertEquals(0, done.getDropped());
    return done;
  }

  private static void delete(InstrumentElementPort ie, RecordingInfo... recordings)
      throws Exception {
    for (RecordingInfo r : recordings) {
      DeleteRecording d = new DeleteRecording();
      d.setRecording(r.getRecording());
      ie.deleteRecording(d);
    }
  }
}
