package org.instrumentelement.ie.recording;

import static org.instrumentelement.ie.recording.RecordingCalls.describe;
import static org.instrumentelement.ie.recording.RecordingCalls.get;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.instrumentelement.ie.RunningElement;
import org.instrumentelement.ie.client.soap.InstrumentElementFault;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.ListRecordings;
import org.instrumentelement.ie.client.soap.RecordingInfo;
import org.instrumentelement.ie.client.soap.SegmentInfo;
import org.instrumentelement.ie.config.ConfigLoader;
import org.instrumentelement.ie.config.IeConfig;
import org.junit.jupiter.api.Test;

/**
 * An always-on recording from the configuration: the IE records the mock oscilloscope from its
 * start as a series rotated every 3 s and keeping 2 recordings; after two rotations the oldest is
 * gone, the two kept are read with h5py, and the sequence numbers run on from one recording to the
 * next (nothing falls between them). An operator's stopRecording ends the series, audited.
 */
class RecordingSeriesIT {
  private static final Pattern SEQUENCE =
      Pattern.compile("waveform: \\d+ samples .*sequence (\\d+)\\.\\.(\\d+)");

  @Test
  void recordsFromTheConfigurationRotatesAndKeeps() throws Exception {
    assumeTrue(RecordingCalls.h5pyInstalled(), "python3-h5py not installed");
    IeConfig config =
        RunningElement.freePorts(
            ConfigLoader.load(
                List.of(
                    "--recording.segmentDuration=1s",
                    "--im.scope.attribute.waveform.period=100ms",
                    "--recording.scope.items=lab/scope:waveform, lab/scope:peakToPeak",
                    "--recording.scope.rotate=3s",
                    "--recording.scope.keep=2",
                    "--recording.scope.note=always on"),
                Map.of()));
    try (RunningElement e = RunningElement.of(config)) {
      InstrumentElementPort ie = e.client("observer", "observer");
      Set<String> seen = new LinkedHashSet<>();
      List<RecordingInfo> kept = List.of();
      long deadline = System.nanoTime() + 90_000_000_000L;
      // Two rotations (three recordings seen), then the oldest deleted: two kept, the older done.
      while (true) {
        kept = series(ie);
        kept.forEach(r -> seen.add(r.getRecording()));
        if (seen.size() >= 3
            && kept.size() == 2
            && kept.get(1).getState().equals("COMPLETE")
            && !describe(ie, kept.get(0).getRecording()).getSegment().isEmpty()) {
          break;
        }
        assertTrue(System.nanoTime() < deadline, "no two rotations in 90 s: " + seen + kept);
        Thread.sleep(200); // polling the condition
      }
      List<String> names = new ArrayList<>(seen);
      String first = names.get(0);
      assertThrows(InstrumentElementFault.class, () -> describe(ie, first), "keep = 2");
      RecordingInfo older = describe(ie, kept.get(1).getRecording());
      RecordingInfo newer = describe(ie, kept.get(0).getRecording());
      for (RecordingInfo r : List.of(older, newer)) {
        assertEquals("scope", r.getSeries());
        assertEquals("configuration", r.getStartedBy());
        assertEquals("always on", r.getNote());
        assertTrue(r.getRecording().startsWith("scope-"), r.getRecording());
        assertEquals(0, r.getDropped());
      }
      assertEquals(
          "its series went on in recording " + newer.getRecording(), older.getStopReason());
      assertEquals("RECORDING", newer.getState());

      // Both readable with h5py, the sequence numbers running on from one to the next.
      String endpoint =
          e.url(); // hrefs resolve from the SOAP endpoint, as URL libraries resolve them
      long[] olderSeq = read(endpoint, older, true);
      long[] newerSeq = read(endpoint, newer, false);
      assertEquals(olderSeq[1] + 1, newerSeq[0], "a sample fell between two recordings");

      // An operator's stop ends the series until the IE restarts: audited.
      // The series may have rotated again meanwhile: stop the recording it is writing now.
      InstrumentElementPort operator = e.client("operator", "operator");
      RecordingInfo stopped = null;
      long stopBy = System.nanoTime() + 60_000_000_000L;
      while (stopped == null || !"stopped by operator".equals(stopped.getStopReason())) {
        assertTrue(System.nanoTime() < stopBy, "the series could not be stopped: " + stopped);
        String writing =
            series(ie).stream()
                .filter(r -> r.getState().equals("RECORDING"))
                .findFirst()
                .orElseThrow()
                .getRecording();
        stopped = RecordingCalls.stop(operator, writing);
      }
      Path audit = config.security().auditFile();
      long until = System.nanoTime() + 30_000_000_000L;
      while (!Files.readString(audit, StandardCharsets.UTF_8).contains("stopRecordingSeries")) {
        assertTrue(System.nanoTime() < until, "the series' end is not audited");
        Thread.sleep(100); // polling the condition
      }
      String line =
          Files.readAllLines(audit, StandardCharsets.UTF_8).stream()
              .filter(l -> l.contains("stopRecordingSeries"))
              .findFirst()
              .orElseThrow();
      assertTrue(line.contains("stopped by operator"), line);
    }
  }

  @Test
  void withoutKeepTheQuotaEndsTheSeriesKeepingWhatItTook() throws Exception {
    assumeTrue(RecordingCalls.h5pyInstalled(), "python3-h5py not installed");
    long quota = 3 * 1024 * 1024;
    IeConfig config =
        RunningElement.freePorts(
            ConfigLoader.load(
                List.of(
                    "--recording.quota=" + quota,
                    "--recording.segmentBytes=500KB",
                    "--im.array2500.attribute.vector.period=20ms",
                    "--recording.array.items=lab/array2500:vector",
                    "--recording.array.rotate=1h"),
                Map.of()));
    try (RunningElement e = RunningElement.of(config)) {
      InstrumentElementPort ie = e.client("observer", "observer");
      long deadline = System.nanoTime() + 120_000_000_000L;
      List<RecordingInfo> all;
      while (true) {
        all = ie.listRecordings(new ListRecordings()).getRecording();
        if (all.size() == 1 && all.get(0).getState().equals("COMPLETE")) {
          break;
        }
        assertTrue(System.nanoTime() < deadline, "the quota did not end the series: " + all);
        Thread.sleep(200); // polling the condition
      }
      RecordingInfo full = describe(ie, all.get(0).getRecording());
      assertEquals("array", full.getSeries());
      assertEquals(
          "the recordings directory reached its quota of " + quota + " bytes (recording.quota)",
          full.getStopReason());
      // Everything it took is in the files.
      RecordingCalls.readArrayRecordingWithH5py(
          e.runtime.recordings().directory().resolve(full.getRecording()), full, "configuration");
      Path audit = config.security().auditFile();
      long until = System.nanoTime() + 30_000_000_000L;
      while (!Files.readString(audit, StandardCharsets.UTF_8).contains("stopRecordingSeries")) {
        assertTrue(System.nanoTime() < until, "the series' end is not audited");
        Thread.sleep(100); // polling the condition
      }
      assertTrue(
          Files.readString(audit, StandardCharsets.UTF_8).contains("reached its quota"),
          "the audit line gives the reason");
    }
  }

  /** The series' recordings listed, newest first. */
  private static List<RecordingInfo> series(InstrumentElementPort ie) throws Exception {
    return ie.listRecordings(new ListRecordings()).getRecording().stream()
        .filter(r -> "scope".equals(r.getSeries()))
        .toList();
  }

  /**
   * Downloads a recording's complete segments, reads them with h5py; its first and last waveform
   * sequence.
   */
  private static long[] read(String endpoint, RecordingInfo r, boolean complete) throws Exception {
    Path dir = Files.createTempDirectory(Path.of("target"), "recording-series");
    long samples = 0;
    for (SegmentInfo s : r.getSegment()) {
      HttpResponse<byte[]> got =
          get(java.net.URI.create(endpoint).resolve(s.getHref()).toString(), "observer", null);
      assertEquals(200, got.statusCode());
      Files.write(dir.resolve(s.getName()), got.body());
    }
    List<String> more = new ArrayList<>();
    if (complete) {
      more.addAll(List.of("--samples", Long.toString(r.getSamples())));
    }
    String out =
        RecordingCalls.readWithH5py(
            dir, r.getRecording(), "configuration", more.toArray(String[]::new));
    Matcher m = SEQUENCE.matcher(out);
    assertTrue(m.find(), out);
    return new long[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(2))};
  }
}
