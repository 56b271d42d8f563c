package org.instrumentelement.ial.mock;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.instrumentelement.ial.scpi.device.ScpiError;
import org.instrumentelement.ial.scpi.device.ScpiErrorException;

/**
 * A simulated instrument's disk: files by path, kept across {@code *RST} and power cycles as a real
 * disk keeps them, and bounded so that a client saving in a loop cannot exhaust the simulator (-254
 * "Media full"). Paths are compared as the instruments' FAT-like file systems do, in any case, with
 * either slash: {@code C:\screen.png} is {@code c:/SCREEN.PNG}.
 */
final class VirtualDisk {
  static final int MAX_FILES = 32;
  static final long MAX_BYTES = 64L << 20;
  private static final int MAX_PATH = 255;

  private final Map<String, byte[]> files = new LinkedHashMap<>();
  private long bytes;

  /**
   * The full path of {@code name}: as given when it starts at a root ({@code /INT/a.png}, {@code
   * C:/a.png}), else in {@code directory}.
   *
   * @throws ScpiErrorException -257 for an empty or overlong name
   */
  static String path(String directory, String name) throws ScpiErrorException {
    String n = name.trim().replace('\\', '/');
    if (n.isEmpty() || n.endsWith("/") || n.length() > MAX_PATH) {
      throw new ScpiErrorException(ScpiError.FILE_NAME.withDetail(name));
    }
    boolean absolute = n.startsWith("/") || n.matches("(?s)[A-Za-z]:.*");
    String full =
        absolute || directory == null || directory.isBlank()
            ? n
            : directory.trim().replace('\\', '/') + "/" + n;
    return full.replaceAll("/{2,}", "/");
  }

  private static String key(String path) {
    return path.toUpperCase(Locale.ROOT);
  }

  boolean exists(String path) {
    return files.containsKey(key(path));
  }

  /** Writes a file, replacing one of the same path. */
  void write(String path, byte[] content) throws ScpiErrorException {
    byte[] old = files.get(key(path));
    long after = bytes - (old == null ? 0 : old.length) + content.length;
    if ((old == null && files.size() >= MAX_FILES) || after > MAX_BYTES) {
      throw new ScpiErrorException(ScpiError.MEDIA_FULL.withDetail(path));
    }
    files.put(key(path), content.clone());
    bytes = after;
  }

  /** A file's bytes (not copied: do not change them), or -256 if there is none. */
  byte[] read(String path) throws ScpiErrorException {
    byte[] content = files.get(key(path));
    if (content == null) {
      throw new ScpiErrorException(ScpiError.FILE_NOT_FOUND.withDetail(path));
    }
    return content;
  }

  void delete(String path) throws ScpiErrorException {
    byte[] content = files.remove(key(path));
    if (content == null) {
      throw new ScpiErrorException(ScpiError.FILE_NOT_FOUND.withDetail(path));
    }
    bytes -= content.length;
  }

  int size() {
    return files.size();
  }
}
