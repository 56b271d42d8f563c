package org.instrumentelement.ie;

import static org.instrumentelement.ie.recording.RecordingCalls.item;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.instrumentelement.ie.client.soap.ConfigureSampling;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.ListRecordings;
import org.instrumentelement.ie.client.soap.RecordingInfo;
import org.instrumentelement.ie.client.soap.SegmentInfo;
import org.instrumentelement.ie.measure.IeProcess;
import org.instrumentelement.ie.recording.RecordingCalls;
import org.junit.jupiter.api.Test;

/**
 * A real IE as a process of its own, killed with SIGKILL in the middle of a recording: every
 * segment completed before the kill is a whole HDF5 file that h5py reads, their sequence numbers
 * follow on without a gap, and the IE started again on the same data directory lists the recording
 * as interrupted with those segments and removes the half-written one.
 */
class RecordingKillIT {

  @Test
  void everyCompleteSegmentIsReadableAfterAKill() throws Exception {
    assumeTrue(RecordingCalls.h5pyInstalled(), "python3-h5py not installed");
    Path dir = RunningElement.newDataDir();
    Path logs = Path.of("target", "recording-kill");
    List<String> options = List.of("--recording.segmentDuration=500ms");
    String id;
    try (IeProcess first = ElementProcesses.start(dir, logs.resolve("first.log"), options)) {
      InstrumentElementPort admin = ElementProcesses.client(first, "admin");
      ConfigureSampling c = new ConfigureSampling();
      c.setIm("lab/scope");
      c.setAttribute("waveform");
      c.setSamplingPeriodMillis(20L);
      admin.configureSampling(c);
      id =
          RecordingCalls.start(
                  admin,
                  "killed on purpose",
                  item("lab/scope", "waveform"),
                  item("lab/scope", "peakToPeak"))
              .getRecording();
      RecordingCalls.await(admin, id, r -> r.getSegment().size() >= 3, Duration.ofSeconds(120));
      first.kill();
    }
    Path recording = dir.resolve("recordings").resolve(id);
    List<String> complete = files(recording, ".h5");
    assertTrue(complete.size() >= 3, "complete segments at the kill: " + complete);
    String out = RecordingCalls.readWithH5py(recording, id, "admin");
    System.out.println(complete.size() + " segments complete at the kill: " + out);

    try (IeProcess second = ElementProcesses.start(dir, logs.resolve("second.log"), List.of())) {
      InstrumentElementPort admin = ElementProcesses.client(second, "admin");
      RecordingInfo r = RecordingCalls.describe(admin, id);
      assertEquals("INTERRUPTED", r.getState());
      assertTrue(r.getStopReason().contains("ended without closing it"), r.getStopReason());
      assertEquals(complete, r.getSegment().stream().map(SegmentInfo::getName).toList());
      assertEquals(List.of(), files(recording, ".tmp"), "the half-written segment is removed");
      assertEquals(
          List.of(id),
          admin.listRecordings(new ListRecordings()).getRecording().stream()
              .map(RecordingInfo::getRecording)
              .toList());
    }
  }

  private static List<String> files(Path dir, String suffix) throws Exception {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString())
          .filter(n -> n.startsWith("segment-") && n.endsWith(suffix))
          .sorted()
          .toList();
    }
  }
}
