package org.instrumentelement.ie.recording;

import io.jhdf.HdfFile;
import io.jhdf.WritableHdfFile;
import io.jhdf.api.WritableDataset;
import io.jhdf.api.WritableGroup;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.instrumentelement.ial.trace.CodesAttributes;
import org.instrumentelement.ial.trace.ScaledCodes;

/**
 * Writes one segment as a complete HDF5 file: under a temporary name, forced to disk, then renamed,
 * so that a segment file that exists is whole. The layout (docs/recording.md) needs no knowledge of
 * the IE to read: a group per IM path ({@code /lab/scope}) with its provenance as attributes, a
 * group per attribute below it with the datasets {@code value}, {@code acquired}, {@code
 * published}, {@code sequence}, {@code quality}, {@code heartbeat}, and the parameter changes made
 * while the segment was open in {@code /parameterChanges}. A vector the instrument gave as codes is
 * written as its codes (an int8 or int16 {@code value}) with the attributes {@code scale_factor}
 * and {@code add_offset} of the CF conventions, so that {@code value * scale_factor + add_offset}
 * gives the doubles, and {@code _FillValue}, {@code clipLowCode}, {@code clipHighCode} for the
 * instrument's special codes.
 */
final class SegmentWriter {
  /** What the time datasets count. */
  static final String TIME_UNITS = "us since 1970-01-01T00:00:00Z";

  static final String FORMAT = "ie-recording-1";

  private SegmentWriter() {}

  /** What one segment holds. */
  record Segment(
      RecordingHeader header,
      int number,
      Instant opened,
      Instant closed,
      Map<String, ImProvenance> ims,
      Map<RecordedItem, ItemAxis> axes,
      Map<RecordedItem, SampleColumns> columns,
      List<ParameterChangeEntry> changes) {}

  /**
   * Writes {@code segment} as {@code file} (complete or not at all).
   *
   * @return the file's size
   */
  static long write(Path file, Segment segment) throws IOException {
    Path temp = file.resolveSibling(file.getFileName() + RecordingIndex.TEMPORARY);
    try {
      try (WritableHdfFile f = HdfFile.write(temp)) {
        fill(f, segment);
      }
    } catch (RuntimeException e) {
      Files.deleteIfExists(temp);
      throw new IOException("the segment could not be encoded: " + e.getMessage(), e);
    }
    try (FileChannel ch = FileChannel.open(temp, StandardOpenOption.WRITE)) {
      ch.force(true);
    }
    Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE);
    RecordingIndex.forceDirectory(file.getParent());
    return Files.size(file);
  }

  private static void fill(WritableHdfFile f, Segment s) {
    RecordingHeader h = s.header();
    f.putAttribute("format", FORMAT);
    f.putAttribute("recording", h.id());
    f.putAttribute("note", h.note());
    f.putAttribute("startedBy", h.startedBy());
    f.putAttribute("startedAt", h.startedAt().toString());
    f.putAttribute("ieName", h.ieName());
    f.putAttribute("ieVersion", h.ieVersion());
    f.putAttribute("ieHost", h.host());
    f.putAttribute("segment", (long) s.number());
    f.putAttribute("segmentOpened", s.opened().toString());
    f.putAttribute("segmentClosed", s.closed().toString());
    Map<String, WritableGroup> groups = new HashMap<>();
    for (Map.Entry<RecordedItem, SampleColumns> e : s.columns().entrySet()) {
      if (e.getValue().count() == 0) {
        continue;
      }
      RecordedItem item = e.getKey();
      WritableGroup imGroup = group(f, groups, item.im());
      if (!groups.containsKey("#" + item.im())) {
        groups.put("#" + item.im(), imGroup);
        describe(imGroup, s.ims().get(item.im()));
      }
      writeItem(imGroup.putGroup(item.attribute()), item, s.axes().get(item), e.getValue());
    }
    if (!s.changes().isEmpty()) {
      writeChanges(f.putGroup("parameterChanges"), s.changes());
    }
  }

  /** The group of an IM path, creating the groups of the path on the way. */
  private static WritableGroup group(
      WritableGroup root, Map<String, WritableGroup> groups, String path) {
    WritableGroup g = groups.get(path);
    if (g != null) {
      return g;
    }
    int slash = path.lastIndexOf('/');
    WritableGroup parent = slash < 0 ? root : group(root, groups, path.substring(0, slash));
    g = parent.putGroup(slash < 0 ? path : path.substring(slash + 1));
    groups.put(path, g);
    return g;
  }

  private static void describe(WritableGroup g, ImProvenance p) {
    if (p == null) {
      return;
    }
    g.putAttribute("imPath", p.path());
    g.putAttribute("imType", p.type());
    g.putAttribute("address", p.address());
    g.putAttribute("description", p.description());
    g.putAttribute("identity", p.identity());
    p.parameters().forEach((name, value) -> g.putAttribute("parameter." + name, value));
  }

  private static void writeItem(
      WritableGroup g, RecordedItem item, ItemAxis axis, SampleColumns c) {
    g.putAttribute("im", item.im());
    g.putAttribute("attribute", item.attribute());
    g.putAttribute("type", c.type().name());
    g.putAttribute("units", axis == null ? "" : axis.units());
    g.putAttribute("count", (long) c.count());
    WritableDataset value = g.putDataset("value", c.values());
    value.putAttribute("units", axis == null ? "" : axis.units());
    if (axis != null) {
      axis.axis().forEach(value::putAttribute);
    }
    ScaledCodes codes = c.codes();
    if (codes != null) {
      CodesAttributes.of(codes).forEach(value::putAttribute);
    }
    g.putDataset("acquired", c.acquired()).putAttribute("units", TIME_UNITS);
    g.putDataset("published", c.published()).putAttribute("units", TIME_UNITS);
    g.putDataset("sequence", c.sequence());
    g.putDataset("provenance", c.provenance());
    g.putDataset("quality", c.quality());
    g.putDataset("heartbeat", c.heartbeat());
  }

  private static void writeChanges(WritableGroup g, List<ParameterChangeEntry> changes) {
    int n = changes.size();
    long[] time = new long[n];
    String[] user = new String[n];
    String[] im = new String[n];
    String[] parameter = new String[n];
    String[] oldValue = new String[n];
    String[] newValue = new String[n];
    for (int i = 0; i < n; i++) {
      ParameterChangeEntry c = changes.get(i);
      time[i] = SampleColumns.micros(c.time());
      user[i] = c.user();
      im[i] = c.im();
      parameter[i] = c.parameter();
      oldValue[i] = c.oldValue();
      newValue[i] = c.newValue();
    }
    g.putDataset("time", time).putAttribute("units", TIME_UNITS);
    g.putDataset("user", user);
    g.putDataset("im", im);
    g.putDataset("parameter", parameter);
    g.putDataset("old", oldValue);
    g.putDataset("new", newValue);
  }
}
