package org.instrumentelement.ie.state;

import java.io.IOException;
import java.io.StringReader;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.zip.CRC32;

/**
 * One file of keys and values (Java properties, UTF-8) that is never half-written: a new version is
 * written to a temporary file, forced to disk, and renamed over the old one (an atomic replace),
 * and the directory is forced too, so a kill or a power cut at any moment leaves either the old or
 * the new version. The last line is a CRC-32 of the lines before it: a file cut short or altered by
 * other means is recognised and refused rather than half-believed.
 */
public final class StateFile {
  /** The file's name in the data directory. */
  public static final String NAME = "instrument-element-state.properties";

  private static final String CHECKSUM = "checksum";
  private static final DateTimeFormatter STAMP =
      DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);

  private final Path dir;
  private final Path file;
  private final Path temp;

  public StateFile(Path dir) {
    this.dir = dir.toAbsolutePath().normalize();
    this.file = this.dir.resolve(NAME);
    this.temp = this.dir.resolve(NAME + ".tmp");
  }

  /** The file (which may not exist yet). */
  public Path path() {
    return file;
  }

  /**
   * The entries of the file, without the checksum; empty if there is no file yet. A temporary file
   * left by a write that never finished is ignored.
   *
   * @throws CorruptStateException if the file is not valid UTF-8, its checksum is missing or wrong,
   *     or its content is not a properties file
   * @throws IOException if it cannot be read at all
   */
  public Map<String, String> read() throws IOException, CorruptStateException {
    if (!Files.exists(file)) {
      return Map.of();
    }
    byte[] bytes = Files.readAllBytes(file);
    String text;
    try {
      text =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(bytes))
              .toString();
    } catch (CharacterCodingException e) {
      throw new CorruptStateException("it is not UTF-8 text");
    }
    int last = text.lastIndexOf('\n', text.length() - 2);
    String body = last < 0 ? "" : text.substring(0, last + 1);
    String tail = text.substring(last + 1).trim();
    if (!tail.startsWith(CHECKSUM)) {
      throw new CorruptStateException("its last line is not its checksum (cut short?)");
    }
    String expected = tail.substring(tail.indexOf('=') + 1).trim();
    String actual = checksum(body);
    if (!expected.equals(actual)) {
      throw new CorruptStateException(
          "its checksum is " + expected + " but its content's is " + actual);
    }
    Properties p = new Properties();
    try {
      p.load(new StringReader(body));
    } catch (IllegalArgumentException e) {
      // a malformed unicode escape (backslash, u, four hex digits), which this class never writes
      throw new CorruptStateException("it is not a properties file (" + e.getMessage() + ")");
    }
    Map<String, String> out = new TreeMap<>();
    for (String k : p.stringPropertyNames()) {
      out.put(k, p.getProperty(k));
    }
    return out;
  }

  /**
   * Replaces the file with these entries, atomically and durably: when this returns, a crash leaves
   * exactly these entries.
   */
  public void write(Map<String, String> entries) throws IOException {
    StringBuilder body = new StringBuilder();
    body.append("# Run-time state of the Instrument Element, written by it: do not edit.\n");
    body.append("# Start the IE with --reset-state to begin again from the configuration.\n");
    for (Map.Entry<String, String> e : new TreeMap<>(entries).entrySet()) {
      body.append(escape(e.getKey(), true)).append(" = ").append(escape(e.getValue(), false));
      body.append('\n');
    }
    String text = body + CHECKSUM + " = " + checksum(body.toString()) + "\n";
    Files.createDirectories(dir);
    try (FileChannel ch =
        FileChannel.open(
            temp,
            StandardOpenOption.CREATE,
            StandardOpenOption.WRITE,
            StandardOpenOption.TRUNCATE_EXISTING)) {
      ByteBuffer buf = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
      while (buf.hasRemaining()) {
        ch.write(buf);
      }
      ch.force(true);
    }
    try {
      Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      throw new IOException(dir + " cannot replace a file atomically", e);
    }
    forceDirectory();
  }

  /**
   * Renames the file out of the way (to {@code <name>.<why>-<UTC time>}), so the next start begins
   * from the configuration while the old state stays for inspection.
   *
   * @return the new name, or {@code null} if there was no file
   */
  public Path setAside(String why) throws IOException {
    if (!Files.exists(file)) {
      return null;
    }
    Path aside = dir.resolve(NAME + "." + why + "-" + STAMP.format(Instant.now()));
    for (int i = 2; Files.exists(aside); i++) {
      aside = dir.resolve(NAME + "." + why + "-" + STAMP.format(Instant.now()) + "-" + i);
    }
    Files.move(file, aside, StandardCopyOption.ATOMIC_MOVE);
    forceDirectory();
    return aside;
  }

  /** Checks that the directory exists or can be made, and that files can be written in it. */
  public void checkWritable() throws IOException {
    Files.createDirectories(dir);
    Path probe = Files.createTempFile(dir, ".write-check", ".tmp");
    Files.delete(probe);
  }

  /** Makes the rename itself durable (on file systems where a directory can be opened). */
  private void forceDirectory() {
    try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
      d.force(true);
    } catch (IOException | UnsupportedOperationException e) {
      // Not every platform can force a directory; the rename is still atomic there.
    }
  }

  private static String checksum(String body) {
    CRC32 crc = new CRC32();
    crc.update(body.getBytes(StandardCharsets.UTF_8));
    return String.format("crc32:%08x", crc.getValue());
  }

  /** The properties-file form of a key or value: read back by {@link Properties#load} as given. */
  static String escape(String s, boolean key) {
    StringBuilder b = new StringBuilder(s.length() + 8);
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        case '\t' -> b.append("\\t");
        case '\f' -> b.append("\\f");
        case ' ' -> b.append(key || i == 0 ? "\\ " : " ");
        case '=', ':', '#', '!' -> b.append(key || i == 0 ? "\\" + c : String.valueOf(c));
        default -> {
          if (c < 0x20 || c == 0x7f) {
            b.append(String.format("\\u%04x", (int) c));
          } else {
            b.append(c);
          }
        }
      }
    }
    return b.toString();
  }
}
