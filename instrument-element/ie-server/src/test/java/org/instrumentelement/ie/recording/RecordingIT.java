package org.instrumentelement.ie.recording;

import static org.instrumentelement.ie.recording.RecordingCalls.describe;
import static org.instrumentelement.ie.recording.RecordingCalls.get;
import static org.instrumentelement.ie.recording.RecordingCalls.item;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.instrumentelement.ie.RunningElement;
import org.instrumentelement.ie.client.InstrumentElementClient;
import org.instrumentelement.ie.client.soap.ConfigureSampling;
import org.instrumentelement.ie.client.soap.DeleteRecording;
import org.instrumentelement.ie.client.soap.DownloadRecording;
import org.instrumentelement.ie.client.soap.DownloadRecordingResponse;
import org.instrumentelement.ie.client.soap.InstrumentElementFault;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.ListRecordings;
import org.instrumentelement.ie.client.soap.RecordingInfo;
import org.instrumentelement.ie.client.soap.SegmentInfo;
import org.instrumentelement.ie.client.soap.SetParameter;
import org.junit.jupiter.api.Test;

/**
 * Records the mock oscilloscope's waveform and peak-to-peak for a few seconds through SOAP, with a
 * parameter changed on the way, downloads the segments over HTTP (one by range, all as a zip) and
 * over SOAP (MTOM attachments), and reads both copies with Python's h5py, which knows nothing of
 * the IE.
 */
class RecordingIT {

  @Test
  void recordsDownloadsAndReadsWithH5py() throws Exception {
    assumeTrue(RecordingCalls.h5pyInstalled(), "python3-h5py not installed");
    try (RunningElement e = RunningElement.mockLab("--recording.segmentDuration=1s")) {
      InstrumentElementPort admin = e.client();
      InstrumentElementPort operator = e.client("operator", "operator");
      for (String attribute : List.of("waveform", "peakToPeak")) {
        ConfigureSampling c = new ConfigureSampling();
        c.setIm("lab/scope");
        c.setAttribute(attribute);
        c.setSamplingPeriodMillis(50L);
        admin.configureSampling(c);
      }
      RecordingInfo started =
          RecordingCalls.start(
              operator,
              "a test of recording",
              item("lab/scope", "waveform"),
              item("lab/scope", "peakToPeak"));
      String id = started.getRecording();
      assertEquals("RECORDING", started.getState());
      assertEquals("operator", started.getStartedBy());
      RecordingCalls.await(
          operator,
          id,
          r -> r.getSamples() >= 20 && !r.getSegment().isEmpty(),
          Duration.ofSeconds(60));
      SetParameter set = new SetParameter();
      set.setIm("lab/scope");
      set.setParameter("timebase");
      set.setValue(InstrumentElementClient.doubleValue(0.002));
      operator.setParameter(set);
      long before = describe(operator, id).getSamples();
      RecordingCalls.await(
          operator, id, r -> r.getSamples() >= before + 20, Duration.ofSeconds(60));

      // A recording being written cannot be deleted.
      DeleteRecording delete = new DeleteRecording();
      delete.setRecording(id);
      assertEquals("RECORDING_IN_PROGRESS", code(() -> operator.deleteRecording(delete)));

      RecordingInfo stopped = RecordingCalls.stop(operator, id);
      assertEquals("COMPLETE", stopped.getState());
      assertEquals("stopped by operator", stopped.getStopReason());
      assertEquals(0, stopped.getDropped(), "samples dropped");
      assertTrue(stopped.getSegment().size() >= 2, "segments: " + stopped.getSegment().size());
      assertEquals(
          stopped.getBytes(), stopped.getSegment().stream().mapToLong(SegmentInfo::getBytes).sum());

      // Download every segment over HTTP as the observer, and the whole recording as a zip.
      String base = e.url().substring(0, e.url().indexOf("/services/")) + "/";
      Path dir = Files.createTempDirectory(Path.of("target"), "recording-download");
      for (SegmentInfo s : stopped.getSegment()) {
        HttpResponse<byte[]> r =
            get(java.net.URI.create(e.url()).resolve(s.getHref()).toString(), "observer", null);
        assertEquals(200, r.statusCode());
        assertEquals(s.getBytes(), r.body().length);
        assertEquals(
            "attachment; filename=\"" + id + "-" + s.getName() + "\"",
            r.headers().firstValue("Content-Disposition").orElse(""));
        assertEquals("bytes", r.headers().firstValue("Accept-Ranges").orElse(""));
        Files.write(dir.resolve(s.getName()), r.body());
      }
      SegmentInfo first = stopped.getSegment().get(0);
      byte[] whole = Files.readAllBytes(dir.resolve(first.getName()));
      HttpResponse<byte[]> part =
          get(
              java.net.URI.create(e.url()).resolve(first.getHref()).toString(),
              "observer",
              "bytes=100-1099");
      assertEquals(206, part.statusCode());
      assertEquals(
          "bytes 100-1099/" + whole.length, part.headers().firstValue("Content-Range").orElse(""));
      assertArrayEquals(Arrays.copyOfRange(whole, 100, 1100), part.body());
      HttpResponse<byte[]> tail =
          get(
              java.net.URI.create(e.url()).resolve(first.getHref()).toString(),
              "observer",
              "bytes=-10");
      assertArrayEquals(Arrays.copyOfRange(whole, whole.length - 10, whole.length), tail.body());
      assertEquals(
          416,
          get(
                  java.net.URI.create(e.url()).resolve(first.getHref()).toString(),
                  "observer",
                  "bytes=" + whole.length + "-")
              .statusCode());
      HttpResponse<byte[]> zip =
          get(java.net.URI.create(e.url()).resolve(stopped.getHref()).toString(), "observer", null);
      assertEquals(200, zip.statusCode());
      assertEquals(
          Long.toString(zip.body().length),
          zip.headers().firstValue("Content-Length").orElse(""),
          "the zip's length is known before it is sent");
      assertEquals("bytes", zip.headers().firstValue("Accept-Ranges").orElse(""));
      // An interrupted zip download resumed with a range: the two parts make the whole zip.
      int cut = zip.body().length / 3 + 7;
      HttpResponse<byte[]> head =
          get(
              java.net.URI.create(e.url()).resolve(stopped.getHref()).toString(),
              "observer",
              "bytes=0-" + (cut - 1));
      HttpResponse<byte[]> rest =
          get(
              java.net.URI.create(e.url()).resolve(stopped.getHref()).toString(),
              "observer",
              "bytes=" + cut + "-");
      assertEquals(206, head.statusCode());
      assertEquals(206, rest.statusCode());
      assertEquals(
          "bytes " + cut + "-" + (zip.body().length - 1) + "/" + zip.body().length,
          rest.headers().firstValue("Content-Range").orElse(""));
      byte[] resumed = new byte[head.body().length + rest.body().length];
      System.arraycopy(head.body(), 0, resumed, 0, head.body().length);
      System.arraycopy(rest.body(), 0, resumed, head.body().length, rest.body().length);
      assertArrayEquals(zip.body(), resumed, "a resumed zip download differs from the whole");
      assertEquals(
          416,
          get(
                  java.net.URI.create(e.url()).resolve(stopped.getHref()).toString(),
                  "observer",
                  "bytes=" + zip.body().length + "-")
              .statusCode());
      int entries = 0;
      try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip.body()))) {
        for (ZipEntry z; (z = in.getNextEntry()) != null; entries++) {
          String name = z.getName().substring(z.getName().indexOf('/') + 1);
          assertArrayEquals(Files.readAllBytes(dir.resolve(name)), in.readAllBytes(), name);
        }
      }
      assertEquals(stopped.getSegment().size(), entries);
      assertEquals(
          401,
          get(java.net.URI.create(e.url()).resolve(first.getHref()).toString(), null, null)
              .statusCode());
      assertEquals(
          404, get(base + "recordings/nope/" + first.getName(), "observer", null).statusCode());
      assertEquals(404, get(base + "recordings/" + id + "/../../x", "observer", null).statusCode());

      // The same segments through SOAP, as MTOM attachments (and one inline, as base64).
      InstrumentElementPort mtom =
          InstrumentElementClient.connect(
              e.url(),
              InstrumentElementClient.Options.DEFAULTS
                  .withMtom()
                  .withCredentials("observer", "observer"));
      Path soapDir = Files.createTempDirectory(Path.of("target"), "recording-soap");
      for (SegmentInfo s : stopped.getSegment()) {
        DownloadRecording d = new DownloadRecording();
        d.setRecording(id);
        d.setSegment(s.getName());
        DownloadRecordingResponse r = mtom.downloadRecording(d);
        assertEquals(id + "-" + s.getName(), r.getName());
        try (InputStream in = r.getData().getInputStream()) {
          Files.copy(in, soapDir.resolve(s.getName()));
        }
        assertArrayEquals(
            Files.readAllBytes(dir.resolve(s.getName())),
            Files.readAllBytes(soapDir.resolve(s.getName())),
            s.getName());
      }
      DownloadRecording inline = new DownloadRecording();
      inline.setRecording(id);
      inline.setSegment(first.getName());
      try (InputStream in =
          e.client("observer", "observer").downloadRecording(inline).getData().getInputStream()) {
        assertArrayEquals(whole, in.readAllBytes());
      }
      inline.setSegment("segment-999999.h5");
      assertEquals("UNKNOWN_RECORDING", code(() -> mtom.downloadRecording(inline)));
      RecordingCalls.readWithH5py(
          soapDir, id, "operator", "--samples", Long.toString(stopped.getSamples()));

      String out =
          RecordingCalls.readWithH5py(
              dir,
              id,
              "operator",
              "--samples",
              Long.toString(stopped.getSamples()),
              "--change",
              "lab/scope",
              "timebase",
              "operator",
              "0.001",
              "0.002");
      System.out.println(out);

      ListRecordings list = new ListRecordings();
      assertEquals(
          List.of(id),
          e.client("observer", "observer").listRecordings(list).getRecording().stream()
              .map(RecordingInfo::getRecording)
              .toList());
      assertTrue(
          admin.listRecordings(list).getRecording().get(0).getSegment().isEmpty(),
          "listRecordings leaves the segments to describeRecording");
      assertEquals(stopped.getBytes(), admin.deleteRecording(delete).getBytes());
      assertEquals("UNKNOWN_RECORDING", code(() -> describe(admin, id)));
    }
  }

  @Test
  void refusesWhatCannotBeRecorded() throws Exception {
    try (RunningElement e = RunningElement.mockLab()) {
      InstrumentElementPort admin = e.client();
      assertEquals(
          "UNKNOWN_IM", code(() -> RecordingCalls.start(admin, "", item("lab/nope", "waveform"))));
      assertEquals(
          "UNKNOWN_ATTRIBUTE",
          code(() -> RecordingCalls.start(admin, "", item("lab/scope", "nope"))));
      assertEquals(
          "NOT_SUBSCRIBABLE",
          code(() -> RecordingCalls.start(admin, "", item("lab/scope", "timeIncrement"))));
      assertEquals(
          "NOT_AUTHORIZED",
          code(
              () ->
                  RecordingCalls.start(
                      e.client("observer", "observer"), "", item("lab/scope", "waveform"))));
      assertEquals("MALFORMED_REQUEST", code(() -> RecordingCalls.start(admin, "")));
      assertEquals("UNKNOWN_RECORDING", code(() -> describe(admin, "../state")));
      assertEquals("UNKNOWN_RECORDING", code(() -> RecordingCalls.stop(admin, "20260101-000000")));
    }
  }

  interface Call {
    void run() throws Exception;
  }

  /** The fault code a call fails with. */
  static String code(Call call) {
    InstrumentElementFault f = assertThrows(InstrumentElementFault.class, call::run);
    return f.getFaultInfo().getCode();
  }
}
