package org.instrumentelement.ie.recording;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * A recording's directory: its index file ({@code recording.properties}: what it records, who
 * started it, its state and counts), written whole under a temporary name and renamed, and its
 * segment files. The segments are listed from the directory, not the index, so a segment completed
 * just before a crash is never missed.
 */
final class RecordingIndex {
  static final String INDEX = "recording.properties";
  static final String SEGMENT_PREFIX = "segment-";
  static final String SEGMENT_SUFFIX = ".h5";
  static final String TEMPORARY = ".tmp";

  private RecordingIndex() {}

  /** The file name of segment {@code n} (from 1). */
  static String segmentName(int n) {
    return String.format("%s%06d%s", SEGMENT_PREFIX, n, SEGMENT_SUFFIX);
  }

  /** Writes the index of {@code r} (segments and bytes are not kept in it). */
  static void write(Path dir, StoredRecording r) throws IOException {
    Properties p = new Properties();
    p.setProperty("format", "1");
    p.setProperty("id", r.id());
    p.setProperty("state", r.state().name());
    p.setProperty("note", r.note());
    p.setProperty("startedBy", r.startedBy());
    p.setProperty("startedAt", r.startedAt().toString());
    if (r.stoppedAt() != null) {
      p.setProperty("stoppedAt", r.stoppedAt().toString());
    }
    p.setProperty("stopReason", r.stopReason());
    p.setProperty("items", String.join(",", r.items().stream().map(RecordedItem::key).toList()));
    p.setProperty("samples", Long.toString(r.samples()));
    p.setProperty("dropped", Long.toString(r.dropped()));
    if (!r.series().isEmpty()) {
      p.setProperty("series", r.series());
    }
    Path temp = dir.resolve(INDEX + TEMPORARY);
    try (Writer w = Files.newBufferedWriter(temp, StandardCharsets.UTF_8)) {
      p.store(w, "Instrument Element recording index, written by the IE: do not edit");
    }
    try (FileChannel ch = FileChannel.open(temp, StandardOpenOption.WRITE)) {
      ch.force(true);
    }
    Files.move(temp, dir.resolve(INDEX), StandardCopyOption.ATOMIC_MOVE);
    forceDirectory(dir);
  }

  /** Reads a recording's directory. */
  static StoredRecording read(Path dir) throws IOException {
    Properties p = new Properties();
    try (Reader r = Files.newBufferedReader(dir.resolve(INDEX), StandardCharsets.UTF_8)) {
      p.load(r);
    }
    List<RecordedItem> items = new ArrayList<>();
    String keys = p.getProperty("items", "");
    if (!keys.isEmpty()) {
      Arrays.stream(keys.split(",")).map(RecordedItem::ofKey).forEach(items::add);
    }
    String stopped = p.getProperty("stoppedAt");
    // A recording is its directory: the files and rights looked up by its name must be this
    // directory's, whatever an index copied or edited by hand says.
    String id = dir.getFileName().toString();
    if (!p.getProperty("id", id).equals(id)) {
      throw new IOException("the index in " + id + " names another recording");
    }
    return new StoredRecording(
        id,
        RecordingState.valueOf(p.getProperty("state", RecordingState.INTERRUPTED.name())),
        p.getProperty("note", ""),
        p.getProperty("startedBy", ""),
        Instant.parse(p.getProperty("startedAt")),
        stopped == null ? null : Instant.parse(stopped),
        p.getProperty("stopReason", ""),
        items,
        Long.parseLong(p.getProperty("samples", "0")),
        Long.parseLong(p.getProperty("dropped", "0")),
        segments(dir),
        p.getProperty("series", ""));
  }

  /** The complete segment files in a recording's directory, in order. */
  static List<SegmentFile> segments(Path dir) throws IOException {
    List<SegmentFile> out = new ArrayList<>();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path f : files.sorted().toList()) {
        String n = f.getFileName().toString();
        if (n.startsWith(SEGMENT_PREFIX) && n.endsWith(SEGMENT_SUFFIX)) {
          out.add(new SegmentFile(n, Files.size(f)));
        }
      }
    }
    return out;
  }

  /** Removes what a write cut short left behind (temporary files); returns how many. */
  static int removeTemporaryFiles(Path dir) throws IOException {
    int n = 0;
    try (Stream<Path> files = Files.list(dir)) {
      for (Path f : files.toList()) {
        if (f.getFileName().toString().endsWith(TEMPORARY)) {
          Files.delete(f);
          n++;
        }
      }
    }
    return n;
  }

  /** Makes a rename in {@code dir} durable (where the platform can). */
  static void forceDirectory(Path dir) {
    try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
      d.force(true);
    } catch (IOException e) {
      // Not every platform can force a directory; the rename is still atomic there.
    }
  }
}
