package org.instrumentelement.ie.recording;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jhdf.HdfFile;
import io.jhdf.api.Dataset;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.instrumentelement.ial.trace.ScaledCodes;
import org.instrumentelement.ie.config.RecordingLimits;
import org.instrumentelement.im.model.Value;
import org.instrumentelement.im.sampling.Sample;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A recording never makes a sampler wait: beyond its queue it drops samples and counts them, and
 * what it took is all in its segment files, in order.
 */
class ActiveRecordingTest {
  @TempDir Path recordings;

  /** The recording's directory: named after it, as a recording always is. */
  Path dir;

  @BeforeEach
  void makeDirectory() throws Exception {
    dir = Files.createDirectory(recordings.resolve("r1"));
  }

  static final RecordedItem ITEM = new RecordedItem("lab/array", "vector");

  private ActiveRecording recording(int queue, long quota) {
    RecordingLimits limits = new RecordingLimits(quota, 1 << 20, Duration.ofMinutes(1), queue, 4);
    return new ActiveRecording(
        new RecordingHeader("r1", "", "tester", Instant.now(), "ie", "test", "host"),
        dir,
        new RecordingRequest(List.of(ITEM), null, null, null, "", "tester"),
        limits,
        new DiskBudget(quota, 0),
        Clock.systemUTC(),
        Map.of(),
        Map.of(),
        Map.of());
  }

  private static Sample sample(long n) {
    double[] v = new double[100];
    v[0] = n;
    return new Sample(ITEM.im(), ITEM.attribute(), Value.ofDoubles(v, Instant.now()), n, false);
  }

  @Test
  void aFullQueueDropsAndCountsInsteadOfWaiting() throws Exception {
    ActiveRecording r = recording(16, 1L << 30);
    for (long n = 1; n <= 50; n++) {
      r.offer(sample(n), 0); // the writer is not running yet: only 16 fit
    }
    r.offer(new Sample("lab/other", "vector", sample(1).value(), 1, false), 0); // not recorded
    r.start();
    r.requestStop("stopped by tester");
    assertTrue(r.awaitFinished(Duration.ofSeconds(60)));
    StoredRecording s = r.snapshot();
    assertEquals(16, s.samples());
    assertEquals(34, s.dropped());
    assertEquals("stopped by tester", s.stopReason());
    assertEquals(1, s.segments().size());
    try (HdfFile f = new HdfFile(dir.resolve(s.segments().get(0).name()))) {
      long[] sequence = (long[]) f.getDatasetByPath("/lab/array/vector/sequence").getData();
      assertArrayEquals(
          new long[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}, sequence);
      double[][] values = (double[][]) f.getDatasetByPath("/lab/array/vector/value").getData();
      assertEquals(16, values.length);
      assertEquals(100, values[0].length);
      assertEquals(16.0, values[15][0]);
    }
    assertTrue(Files.exists(dir.resolve(RecordingIndex.INDEX)));
    assertEquals(RecordingState.COMPLETE, RecordingIndex.read(dir).state());
  }

  @Test
  void theQuotaStopsARecordingWithEverythingItTookWritten() throws Exception {
    // Room for the segment's reserve and about ten samples of 100 doubles.
    long quota = ActiveRecording.SEGMENT_OVERHEAD + 10 * SampleColumns.cost(sample(1).value());
    ActiveRecording r = recording(1000, quota);
    for (long n = 1; n <= 50; n++) {
      r.offer(sample(n), 0);
    }
    r.start();
    assertTrue(r.awaitFinished(Duration.ofSeconds(60)), "it stops by itself");
    StoredRecording s = r.snapshot();
    assertEquals(10, s.samples());
    assertTrue(s.stopReason().contains("quota"), s.stopReason());
    try (HdfFile f = new HdfFile(dir.resolve(s.segments().get(0).name()))) {
      assertEquals(
          10, ((long[]) f.getDatasetByPath("/lab/array/vector/sequence").getData()).length);
    }
  }

  private static Sample codes(long n, ScaledCodes.Width width, double scale) {
    short[] k = new short[100];
    k[0] = (short) n;
    k[1] = (short) -n;
    k[2] = -128; // the NaN code
    ByteBuffer b = ByteBuffer.allocate(100 * width.bytes()).order(ByteOrder.LITTLE_ENDIAN);
    for (short code : k) {
      if (width == ScaledCodes.Width.INT8) {
        b.put((byte) code);
      } else {
        b.putShort(code);
      }
    }
    byte[] le = b.array();
    ScaledCodes c =
        ScaledCodes.of(width, le, scale, -0.1).withSpecialCodes(-128, null, (int) Byte.MAX_VALUE);
    return new Sample(ITEM.im(), ITEM.attribute(), Value.ofCodes(c, Instant.now()), n, false);
  }

  @Test
  void codesAreWrittenAsTheirCodesWithTheirScaling() throws Exception {
    ActiveRecording r = recording(100, 1L << 30);
    for (long n = 1; n <= 3; n++) {
      r.offer(codes(n, ScaledCodes.Width.INT16, 0.25), 0);
    }
    r.offer(codes(4, ScaledCodes.Width.INT16, 0.5), 0); // another scale: another segment
    r.offer(codes(5, ScaledCodes.Width.INT8, 0.5), 0); // another width: another segment
    r.offer(sample(6), 0); // doubles: another segment
    r.start();
    r.requestStop("stopped by tester");
    assertTrue(r.awaitFinished(Duration.ofSeconds(60)));
    StoredRecording s = r.snapshot();
    assertEquals(6, s.samples());
    assertEquals(4, s.segments().size());
    String value = "/lab/array/vector/value";
    try (HdfFile f = new HdfFile(dir.resolve(s.segments().get(0).name()))) {
      Dataset d = f.getDatasetByPath(value);
      short[][] codes = (short[][]) d.getData();
      assertEquals(3, codes.length);
      assertEquals(100, codes[0].length);
      assertEquals(-3, codes[2][1]);
      assertEquals(-128, codes[2][2]);
      assertEquals(0.25, d.getAttribute("scale_factor").getData());
      assertEquals(-0.1, d.getAttribute("add_offset").getData());
      assertEquals((short) -128, d.getAttribute("_FillValue").getData());
      assertEquals((short) 127, d.getAttribute("clipHighCode").getData());
      assertEquals(null, d.getAttribute("clipLowCode"));
    }
    try (HdfFile f = new HdfFile(dir.resolve(s.segments().get(1).name()))) {
      assertEquals(0.5, f.getDatasetByPath(value).getAttribute("scale_factor").getData());
    }
    try (HdfFile f = new HdfFile(dir.resolve(s.segments().get(2).name()))) {
      Dataset d = f.getDatasetByPath(value);
      byte[][] codes = (byte[][]) d.getData();
      assertEquals(-5, codes[0][1]);
      assertEquals((byte) -128, d.getAttribute("_FillValue").getData());
    }
    try (HdfFile f = new HdfFile(dir.resolve(s.segments().get(3).name()))) {
      Dataset d = f.getDatasetByPath(value);
      assertEquals(6.0, ((double[][]) d.getData())[0][0]);
      assertEquals(null, d.getAttribute("scale_factor"));
    }
  }
}
