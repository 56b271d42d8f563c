package org.instrumentelement.ie.history;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Everything the archive holds of one series: its written segments (by their index), the segments
 * being written, the open one filling in memory, and its gaps. Guarded by its own monitor; the
 * index and the gaps are kept in {@code index.tsv} and {@code gaps.tsv}, each rewritten whole under
 * a temporary name.
 */
final class SeriesStore {
  private static final Logger LOG = LoggerFactory.getLogger(SeriesStore.class);
  static final String INDEX = "index.tsv";
  static final String GAPS = "gaps.tsv";

  /** Columns handed to the writer: with the oldest journal generation their samples are in. */
  record Writing(Columns columns, long generation) {}

  final SeriesId id;
  final boolean vector;
  final Path dir;
  final List<SegmentEntry> segments = new ArrayList<>();
  final List<Writing> writing = new ArrayList<>();
  final List<Gap> gaps = new ArrayList<>();
  Columns open;
  long openGeneration = Long.MAX_VALUE;
  long openedAtMicros;
  long lastTime = Long.MIN_VALUE;
  long lastSequence = Long.MIN_VALUE;
  long outOfOrder;
  boolean retry;

  SeriesStore(SeriesId id, boolean vector, Path dir) {
    this.id = id;
    this.vector = vector;
    this.dir = dir;
  }

  /** Reads the index and gaps of a series directory; damaged lines are logged and skipped. */
  static SeriesStore load(SeriesId id, boolean vector, Path dir) throws IOException {
    SeriesStore s = new SeriesStore(id, vector, dir);
    Path index = dir.resolve(INDEX);
    if (Files.exists(index)) {
      for (String line : Files.readAllLines(index, StandardCharsets.UTF_8)) {
        SegmentEntry e = SegmentEntry.parse(line);
        if (e == null) {
          LOG.warn("history {}: a damaged index line was skipped", id);
        } else if (!Files.exists(dir.resolve(e.file()))) {
          LOG.warn("history {}: segment {} is missing; reported as a gap", id, e.file());
          s.gaps.add(new Gap(e.firstTime(), e.lastTime(), Gap.Reason.DATA_LOST));
        } else {
          s.segments.add(e);
        }
      }
    }
    Path gaps = dir.resolve(GAPS);
    if (Files.exists(gaps)) {
      for (String line : Files.readAllLines(gaps, StandardCharsets.UTF_8)) {
        String[] f = line.split("\t");
        try {
          s.gaps.add(new Gap(Long.parseLong(f[0]), Long.parseLong(f[1]), Gap.Reason.valueOf(f[2])));
        } catch (RuntimeException e) {
          LOG.warn("history {}: a damaged gap line was skipped", id);
        }
      }
    }
    s.segments.sort(Comparator.comparingLong(SegmentEntry::firstTime));
    s.gaps.sort(Comparator.comparingLong(Gap::fromMicros));
    if (!s.segments.isEmpty()) {
      SegmentEntry last = s.segments.get(s.segments.size() - 1);
      s.lastTime = last.lastTime();
      s.lastSequence = last.lastSequence();
    }
    try (var files = Files.list(dir)) {
      for (Path f : (Iterable<Path>) files::iterator) {
        if (f.toString().endsWith(SegmentCodec.TEMPORARY)) {
          Files.deleteIfExists(f); // a segment whose writing a stop cut: its samples are journaled
        }
      }
    }
    return s;
  }

  /** Whether {@code s} comes after everything the series holds, in (time, sequence) order. */
  boolean inOrder(Sample s) {
    return s.timeMicros() > lastTime || (s.timeMicros() == lastTime && s.sequence() > lastSequence);
  }

  /** Adds a sample to the open segment (the caller checked its order). */
  void add(Sample s, long generation, long nowMicros) {
    if (open == null) {
      open = new Columns(vector, 64);
      openGeneration = generation;
      openedAtMicros = nowMicros;
    }
    open.add(s);
    lastTime = s.timeMicros();
    lastSequence = s.sequence();
  }

  /** Hands the open segment to the writer, if it holds anything; the next sample opens another. */
  Writing closeOpen() {
    if (open == null || open.size() == 0) {
      return null;
    }
    Writing w = new Writing(open, openGeneration);
    writing.add(w);
    open = null;
    openGeneration = Long.MAX_VALUE;
    return w;
  }

  /** The oldest journal generation with samples not yet in a written segment. */
  long oldestGeneration() {
    long g = openGeneration;
    for (Writing w : writing) {
      g = Math.min(g, w.generation());
    }
    return g;
  }

  /** The open gap, if one lasts. */
  Gap openGap() {
    for (Gap g : gaps) {
      if (g.open()) {
        return g;
      }
    }
    return null;
  }

  void saveIndex() throws IOException {
    StringBuilder b = new StringBuilder();
    for (SegmentEntry e : segments) {
      b.append(e.line()).append('\n');
    }
    replace(dir.resolve(INDEX), b.toString());
  }

  void saveGaps() throws IOException {
    StringBuilder b = new StringBuilder();
    for (Gap g : gaps) {
      b.append(g.fromMicros()).append('\t').append(g.toMicros()).append('\t').append(g.reason());
      b.append('\n');
    }
    replace(dir.resolve(GAPS), b.toString());
  }

  private static void replace(Path file, String text) throws IOException {
    Path temp = file.resolveSibling(file.getFileName() + ".new");
    Files.writeString(temp, text, StandardCharsets.UTF_8);
    Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
  }

  /** Bytes of its written segments. */
  long bytes() {
    long b = 0;
    for (SegmentEntry e : segments) {
      b += e.bytes();
    }
    return b;
  }
}
