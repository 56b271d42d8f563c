package org.instrumentelement.ie.history;

import io.jhdf.HdfFile;
import io.jhdf.WritableHdfFile;
import io.jhdf.api.Attribute;
import io.jhdf.api.Dataset;
import io.jhdf.api.WritableDataset;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.instrumentelement.ial.trace.CodesAttributes;
import org.instrumentelement.ial.trace.ScaledCodes;

/**
 * A segment of a series as an HDF5 file (docs/history.md), written whole or not at all: under a
 * temporary name, forced to disk, renamed. Times are microseconds after the root attribute {@code
 * timeBase} (int32 when the segment spans less than 35 minutes, else int64 since the epoch with
 * {@code timeBase} 0); values are float64; sequence numbers, qualities and provenance revisions,
 * which rarely change from one row to the next, are kept as runs: the rows where each changes.
 *
 * <p>Vectors the instrument gave as codes are kept as their codes (format {@value #FORMAT_CODES}):
 * an int8 or int16 {@code value} with the CF attributes {@code scale_factor} and {@code add_offset}
 * when every row has the same, else the float64 datasets {@code scale} and {@code offset} with one
 * per row, and the special codes as {@code _FillValue}, {@code clipLowCode} and {@code
 * clipHighCode}. Every other segment is written as before ({@value #FORMAT}), so that an IE from
 * before codes still reads it; this one reads both.
 */
final class SegmentCodec {
  static final String FORMAT = "ie-history-1";
  static final String FORMAT_CODES = "ie-history-2";
  static final String TEMPORARY = ".tmp";

  private SegmentCodec() {}

  /** Writes {@code c} as {@code file}; returns its index entry. */
  static SegmentEntry write(Path file, SeriesId series, Columns c) throws IOException {
    int rows = c.size();
    long[] times = c.times();
    long base = times[0];
    boolean narrow = times[rows - 1] - base <= Integer.MAX_VALUE;
    double min = Double.NaN;
    double max = Double.NaN;
    if (!c.vector()) {
      for (int i = 0; i < rows; i++) {
        double v = c.value(i);
        if (Double.isFinite(v)) {
          min = Double.isNaN(min) ? v : Math.min(min, v);
          max = Double.isNaN(max) ? v : Math.max(max, v);
        }
      }
    }
    ScaledCodes kind = c.codesKind();
    Path temp = file.resolveSibling(file.getFileName() + TEMPORARY);
    try {
      try (WritableHdfFile f = HdfFile.write(temp)) {
        f.putAttribute("format", kind != null ? FORMAT_CODES : FORMAT);
        f.putAttribute("im", series.im());
        f.putAttribute("attribute", series.attribute());
        f.putAttribute("type", c.vector() ? "DOUBLE_ARRAY" : "DOUBLE");
        f.putAttribute("rows", (long) rows);
        f.putAttribute("timeBase", narrow ? base : 0L);
        f.putAttribute("timeUnits", "us since 1970-01-01T00:00:00Z");
        WritableDataset t;
        if (narrow) {
          int[] offsets = new int[rows];
          for (int i = 0; i < rows; i++) {
            offsets[i] = (int) (times[i] - base);
          }
          t = f.putDataset("time", offsets);
        } else {
          t = f.putDataset("time", times);
        }
        t.putAttribute("units", narrow ? "us after timeBase" : "us since 1970-01-01T00:00:00Z");
        if (kind != null) {
          writeCodes(f, kind, c.codes());
        } else if (c.vector()) {
          f.putDataset("value", c.vectors());
        } else {
          f.putDataset("value", c.values());
        }
        runs(f, "sequence", c.sequences(), true);
        long[] quality = new long[rows];
        byte[] q = c.qualities();
        for (int i = 0; i < rows; i++) {
          quality[i] = q[i];
        }
        runs(f, "quality", quality, false);
        runs(f, "provenance", c.provenances(), false);
      }
    } catch (RuntimeException e) {
      Files.deleteIfExists(temp);
      throw new IOException("the segment could not be encoded: " + e.getMessage(), e);
    }
    try (FileChannel ch = FileChannel.open(temp, StandardOpenOption.WRITE)) {
      ch.force(true);
    }
    Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE);
    return new SegmentEntry(
        file.getFileName().toString(),
        base,
        times[rows - 1],
        rows,
        c.sequence(0),
        c.sequence(rows - 1),
        min,
        max,
        Files.size(file),
        c.vectorLength());
  }

  /** Vectors of codes of one width and one set of special codes. */
  private static void writeCodes(WritableHdfFile f, ScaledCodes kind, ScaledCodes[] rows) {
    WritableDataset value;
    if (kind.width() == ScaledCodes.Width.INT8) {
      byte[][] v = new byte[rows.length][];
      for (int i = 0; i < v.length; i++) {
        v[i] = rows[i].littleEndianBytes();
      }
      value = f.putDataset("value", v);
    } else {
      short[][] v = new short[rows.length][];
      for (int i = 0; i < v.length; i++) {
        v[i] = rows[i].codes();
      }
      value = f.putDataset("value", v);
    }
    boolean same = true;
    for (ScaledCodes r : rows) {
      same &=
          Double.compare(r.scale(), kind.scale()) == 0
              && Double.compare(r.offset(), kind.offset()) == 0;
    }
    if (same) {
      CodesAttributes.of(kind).forEach(value::putAttribute);
    } else {
      double[] scale = new double[rows.length];
      double[] offset = new double[rows.length];
      for (int i = 0; i < rows.length; i++) {
        scale[i] = rows[i].scale();
        offset[i] = rows[i].offset();
      }
      f.putDataset("scale", scale);
      f.putDataset("offset", offset);
      CodesAttributes.specialCodes(kind).forEach(value::putAttribute);
    }
  }

  /**
   * The rows where a column starts a new run, and the value there: a run continues while the value
   * stays (or, for {@code counting}, goes up by one from row to row).
   */
  private static void runs(WritableHdfFile f, String name, long[] column, boolean counting) {
    List<Integer> rows = new ArrayList<>();
    List<Long> values = new ArrayList<>();
    for (int i = 0; i < column.length; i++) {
      long expected = i == 0 ? 0 : counting ? column[i - 1] + 1 : column[i - 1];
      if (i == 0 || column[i] != expected) {
        rows.add(i);
        values.add(column[i]);
      }
    }
    f.putDataset(name + "RunRow", rows.stream().mapToInt(Integer::intValue).toArray());
    f.putDataset(name + "RunValue", values.stream().mapToLong(Long::longValue).toArray());
  }

  /** The columns of a segment file. */
  static Columns read(Path file) throws IOException {
    try (HdfFile h = new HdfFile(file)) {
      Object format = h.getAttribute("format").getData();
      if (!FORMAT.equals(format) && !FORMAT_CODES.equals(format)) {
        throw new IOException(file + " is not a history segment");
      }
      int rows = (int) (long) (Long) h.getAttribute("rows").getData();
      long base = (Long) h.getAttribute("timeBase").getData();
      Object t = h.getDatasetByPath("time").getData();
      long[] time = new long[rows];
      if (t instanceof int[] offsets) {
        for (int i = 0; i < rows; i++) {
          time[i] = base + offsets[i];
        }
      } else {
        System.arraycopy((long[]) t, 0, time, 0, rows);
      }
      Dataset v = h.getDatasetByPath("value");
      double[] value = null;
      double[][] vectors = null;
      ScaledCodes[] codes = null;
      if (v.getDimensions().length == 2 && v.getJavaType() != double.class) {
        codes = readCodes(h, v, rows);
        vectors = new double[rows][];
      } else if (v.getDimensions().length == 2) {
        vectors = (double[][]) v.getData();
      } else {
        value = (double[]) v.getData();
      }
      long[] sequence = expand(h, "sequence", rows, true);
      long[] q = expand(h, "quality", rows, false);
      byte[] quality = new byte[rows];
      for (int i = 0; i < rows; i++) {
        quality[i] = (byte) q[i];
      }
      long[] provenance = expand(h, "provenance", rows, false);
      if ((value != null && value.length != rows) || (vectors != null && vectors.length != rows)) {
        throw new IOException(file + " has columns of different lengths");
      }
      return Columns.of(time, sequence, quality, provenance, value, vectors, codes);
    } catch (RuntimeException e) {
      throw new IOException(file + " cannot be read: " + e.getMessage(), e);
    }
  }

  private static ScaledCodes[] readCodes(HdfFile h, Dataset v, int rows) throws IOException {
    Object data = v.getData();
    Attribute scaleFactor = v.getAttribute(CodesAttributes.SCALE_FACTOR);
    double[] scale = null;
    double[] offset = null;
    if (scaleFactor == null) {
      scale = (double[]) h.getDatasetByPath("scale").getData();
      offset = (double[]) h.getDatasetByPath("offset").getData();
    }
    double s = scaleFactor == null ? 0 : number(scaleFactor);
    double o = scaleFactor == null ? 0 : number(v.getAttribute(CodesAttributes.ADD_OFFSET));
    Integer nan = code(v.getAttribute(CodesAttributes.FILL_VALUE));
    Integer low = code(v.getAttribute(CodesAttributes.CLIP_LOW_CODE));
    Integer high = code(v.getAttribute(CodesAttributes.CLIP_HIGH_CODE));
    ScaledCodes[] out = new ScaledCodes[rows];
    for (int i = 0; i < rows; i++) {
      double si = scale == null ? s : scale[i];
      double oi = offset == null ? o : offset[i];
      ScaledCodes c;
      if (data instanceof byte[][] b && b.length == rows) {
        c = ScaledCodes.of(ScaledCodes.Width.INT8, b[i], si, oi);
      } else if (data instanceof short[][] w && w.length == rows) {
        c = ScaledCodes.ofInt16(w[i], si, oi);
      } else {
        throw new IOException("its codes are neither int8 nor int16, or not one row a sample");
      }
      out[i] = c.withSpecialCodes(nan, low, high);
    }
    return out;
  }

  private static double number(Attribute a) {
    return ((Number) a.getData()).doubleValue();
  }

  private static Integer code(Attribute a) {
    return a == null ? null : ((Number) a.getData()).intValue();
  }

  private static long[] expand(HdfFile h, String name, int rows, boolean counting) {
    int[] runRow = (int[]) h.getDatasetByPath(name + "RunRow").getData();
    long[] runValue = (long[]) h.getDatasetByPath(name + "RunValue").getData();
    long[] out = new long[rows];
    int r = -1;
    for (int i = 0; i < rows; i++) {
      if (r + 1 < runRow.length && runRow[r + 1] == i) {
        r++;
        out[i] = runValue[r];
      } else {
        out[i] = counting ? out[i - 1] + 1 : out[i - 1];
      }
    }
    return out;
  }
}
