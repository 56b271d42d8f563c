package org.instrumentelement.ie.server;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.CRC32;

/**
 * The CRC-32 of complete segment files, which a stored zip needs in its headers before the data:
 * read once from the file and remembered (a segment file never changes once complete), keyed by
 * path, size and modification time so that a file replaced under the same name is read again. At
 * most {@link #MAX_REMEMBERED} are remembered, the least recently used forgotten first.
 */
final class SegmentChecksums {
  static final int MAX_REMEMBERED = 65_536;

  private record Key(Path file, long size, long modified) {}

  private final Map<Key, Long> known =
      new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, Long> eldest) {
          return size() > MAX_REMEMBERED;
        }
      };

  /** The file's CRC-32. */
  long crc(Path file, BasicFileAttributes attributes) throws IOException {
    Key k = new Key(file, attributes.size(), attributes.lastModifiedTime().toMillis());
    synchronized (known) {
      Long c = known.get(k);
      if (c != null) {
        return c;
      }
    }
    CRC32 crc = new CRC32();
    byte[] buffer = new byte[64 * 1024];
    try (InputStream in = Files.newInputStream(file)) {
      for (int n; (n = in.read(buffer)) > 0; ) {
        crc.update(buffer, 0, n);
      }
    }
    synchronized (known) {
      known.put(k, crc.getValue());
    }
    return crc.getValue();
  }
}
