package org.instrumentelement.ie.replay;

import io.jhdf.HdfFile;
import io.jhdf.api.Attribute;
import io.jhdf.api.Dataset;
import io.jhdf.api.Group;
import io.jhdf.api.Node;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.instrumentelement.ial.InstrumentException;
import org.instrumentelement.ial.trace.CodesAttributes;
import org.instrumentelement.ial.trace.ScaledCodes;

/**
 * The recorded vectors of one attribute across the segments of a recording, in order: their
 * acquisition times are read when the tape is opened (8 bytes a vector), each vector is read from
 * its segment when it is played, so a long recording is never held in memory. The attribute is the
 * first vector attribute of the first IM in the files. A vector recorded as the instrument's codes
 * is played as {@code code * scale_factor + add_offset} (its {@code _FillValue} as NaN), the
 * doubles it was published as, to the bit.
 */
final class Tape implements AutoCloseable {
  /**
   * A segment's vectors.
   *
   * @param scaling the codes' scaling when the vectors are codes (their codes left empty), else
   *     null
   */
  private record Segment(
      Path file, String dataset, long[] acquired, int first, ScaledCodes scaling) {}

  private final List<Segment> segments;
  private final int count;
  private final long firstMicros;
  private final String imType;
  private final String identity;
  private final int length;
  private HdfFile open; // the segment being played
  private Segment openSegment;

  private Tape(List<Segment> segments, String imType, String identity, int length) {
    this.segments = segments;
    Segment last = segments.get(segments.size() - 1);
    this.count = last.first() + last.acquired().length;
    this.firstMicros = segments.get(0).acquired()[0];
    this.imType = imType;
    this.identity = identity;
    this.length = length;
  }

  /**
   * Opens the segments of a recording: a directory of {@code segment-*.h5} files, or one file.
   *
   * @throws InstrumentException when there is no such recording or it holds no vector
   */
  static Tape open(Path where) throws InstrumentException {
    List<Path> files = new ArrayList<>();
    if (Files.isDirectory(where)) {
      try (Stream<Path> s = Files.list(where)) {
        s.filter(p -> p.getFileName().toString().matches("segment-\\d+\\.h5"))
            .sorted()
            .forEach(files::add);
      } catch (IOException e) {
        throw new InstrumentException("the recording " + where + " cannot be read");
      }
    } else if (Files.isRegularFile(where)) {
      files.add(where);
    }
    if (files.isEmpty()) {
      throw new InstrumentException("no recording at " + where);
    }
    List<Segment> segments = new ArrayList<>();
    String imType = null;
    String identity = "";
    String dataset = null;
    int length = 0;
    int first = 0;
    for (Path f : files) {
      try (HdfFile h = new HdfFile(f)) {
        if (dataset == null) {
          Group attribute = firstVector(h);
          if (attribute == null) {
            throw new InstrumentException("the recording " + where + " holds no vector");
          }
          dataset = attribute.getPath() + "value"; // a group's path ends with '/'
          imType = text(attribute.getParent().getAttribute("imType"));
          identity = text(attribute.getParent().getAttribute("identity"));
          length = h.getDatasetByPath(dataset).getDimensions()[1];
        }
        Node n = h.getByPath(dataset.substring(0, dataset.length() - "/value".length()));
        if (n instanceof Group g && g.getChild("acquired") instanceof Dataset d) {
          long[] acquired = (long[]) d.getData();
          if (acquired.length > 0) {
            segments.add(
                new Segment(f, dataset, acquired, first, scaling(h.getDatasetByPath(dataset))));
            first += acquired.length;
          }
        }
      } catch (RuntimeException e) {
        throw new InstrumentException("the recording file " + f + " cannot be read");
      }
    }
    if (segments.isEmpty()) {
      throw new InstrumentException("the recording " + where + " holds no vector");
    }
    return new Tape(segments, imType, identity, length);
  }

  private static Group firstVector(Group g) {
    for (Node n : g.getChildren().values()) {
      if (n instanceof Group child) {
        Attribute type = child.getAttribute("type");
        if (type != null && "DOUBLE_ARRAY".equals(text(type)) && child.getChild("value") != null) {
          return child;
        }
        Group found = firstVector(child);
        if (found != null) {
          return found;
        }
      }
    }
    return null;
  }

  /** The scaling of a dataset of codes, or null for one of doubles. */
  private static ScaledCodes scaling(Dataset value) {
    Attribute scale = value.getAttribute(CodesAttributes.SCALE_FACTOR);
    if (scale == null) {
      return null;
    }
    ScaledCodes.Width width =
        value.getJavaType() == byte.class ? ScaledCodes.Width.INT8 : ScaledCodes.Width.INT16;
    return ScaledCodes.of(
            width,
            new byte[0],
            number(scale),
            number(value.getAttribute(CodesAttributes.ADD_OFFSET)))
        .withSpecialCodes(
            code(value.getAttribute(CodesAttributes.FILL_VALUE)),
            code(value.getAttribute(CodesAttributes.CLIP_LOW_CODE)),
            code(value.getAttribute(CodesAttributes.CLIP_HIGH_CODE)));
  }

  private static double number(Attribute a) {
    return a == null ? 0 : ((Number) a.getData()).doubleValue();
  }

  private static Integer code(Attribute a) {
    return a == null ? null : ((Number) a.getData()).intValue();
  }

  private static String text(Attribute a) {
    return a == null ? "" : String.valueOf(a.getData());
  }

  /** The type of the IM the vectors were recorded from ({@code oscilloscope}, {@code array}). */
  String imType() {
    return imType;
  }

  /** The recorded instrument's answer to {@code *IDN?}; empty when it had none. */
  String identity() {
    return identity;
  }

  /** Doubles per vector. */
  int length() {
    return length;
  }

  int count() {
    return count;
  }

  /** When vector {@code k} was acquired, in µs after the first. */
  long offsetMicros(int k) {
    Segment s = segmentOf(k);
    return s.acquired()[k - s.first()] - firstMicros;
  }

  /** Vector {@code k}, as recorded. */
  synchronized double[] vector(int k) {
    Segment s = segmentOf(k);
    if (openSegment != s) {
      closeOpen();
      open = new HdfFile(s.file());
      openSegment = s;
    }
    Dataset d = open.getDatasetByPath(s.dataset());
    Object rows = d.getData(new long[] {k - s.first(), 0}, new int[] {1, length});
    ScaledCodes c = s.scaling();
    ScaledCodes codes;
    if (rows instanceof byte[][] b) {
      codes = ScaledCodes.of(ScaledCodes.Width.INT8, b[0], c.scale(), c.offset());
    } else if (rows instanceof short[][] w) {
      codes = ScaledCodes.ofInt16(w[0], c.scale(), c.offset());
    } else {
      return ((double[][]) rows)[0];
    }
    return codes.withSpecialCodes(c.nanCode(), c.clipLowCode(), c.clipHighCode()).toDoubles();
  }

  private Segment segmentOf(int k) {
    for (Segment s : segments) {
      if (k < s.first() + s.acquired().length) {
        return s;
      }
    }
    throw new IndexOutOfBoundsException(k);
  }

  private void closeOpen() {
    if (open != null) {
      open.close();
      open = null;
      openSegment = null;
    }
  }

  @Override
  public synchronized void close() {
    closeOpen();
  }
}
