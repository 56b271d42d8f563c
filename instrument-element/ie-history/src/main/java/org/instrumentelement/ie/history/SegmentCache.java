package org.instrumentelement.ie.history;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** Segments read back, kept for the next queries, the least recently used dropped first. */
final class SegmentCache {
  private final long maxBytes;
  private long bytes;
  private final LinkedHashMap<Path, Columns> entries = new LinkedHashMap<>(16, 0.75f, true);

  SegmentCache(long maxBytes) {
    this.maxBytes = maxBytes;
  }

  synchronized Columns get(Path file) {
    return entries.get(file);
  }

  synchronized void put(Path file, Columns c) {
    Columns old = entries.put(file, c);
    if (old != null) {
      bytes -= old.bytes();
    }
    bytes += c.bytes();
    var it = entries.entrySet().iterator();
    while (bytes > maxBytes && it.hasNext()) {
      Map.Entry<Path, Columns> e = it.next();
      if (e.getValue() == c) {
        continue;
      }
      bytes -= e.getValue().bytes();
      it.remove();
    }
  }

  synchronized void remove(Path file) {
    Columns old = entries.remove(file);
    if (old != null) {
      bytes -= old.bytes();
    }
  }
}
