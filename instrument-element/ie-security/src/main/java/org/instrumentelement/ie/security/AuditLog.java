package org.instrumentelement.ie.security;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import org.instrumentelement.im.model.FreeText;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The record of every control action (and every refused attempt): one JSON object per line in the
 * audit file, also logged through the {@code audit} logger.
 *
 * <pre>
 * {"time":"2026-11-21T10:15:30.123Z","user":"alice","remote":"10.0.0.7","operation":"setParameter",
 *  "im":"lab/scope","details":"timebase = 0.002","result":"OK"}</pre>
 */
public final class AuditLog implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger("audit");

  /**
   * The most characters of one field a record keeps: what a caller sends (a recording name, a
   * value) may be long, and the log must not grow by what a caller chooses to send.
   */
  static final int MAX_FIELD = 1000;

  private final BufferedWriter out;

  /** An audit log appending to {@code file}, or logging only when {@code file} is null. */
  public AuditLog(Path file) throws IOException {
    if (file == null) {
      out = null;
    } else {
      Path parent = file.toAbsolutePath().getParent();
      if (parent != null) {
        Files.createDirectories(parent);
      }
      out =
          Files.newBufferedWriter(
              file, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }
  }

  /** Appends one record and flushes it. */
  public void record(
      Instant time,
      String user,
      String remote,
      String operation,
      String im,
      String details,
      String result) {
    String line =
        "{\"time\":"
            + json(time.toString())
            + ",\"user\":"
            + json(bounded(user))
            + ",\"remote\":"
            + json(bounded(remote))
            + ",\"operation\":"
            + json(bounded(operation))
            + ",\"im\":"
            + json(bounded(im))
            + ",\"details\":"
            + json(bounded(details))
            + ",\"result\":"
            + json(bounded(result))
            + "}";
    LOG.info(line);
    if (out != null) {
      synchronized (out) {
        try {
          out.write(line);
          out.newLine();
          out.flush();
        } catch (IOException e) {
          LOG.error("cannot write the audit file", e);
        }
      }
    }
  }

  /** {@code s} cut to {@link #MAX_FIELD} characters, saying how long it was. */
  static String bounded(String s) {
    if (s == null || s.length() <= MAX_FIELD) {
      return s;
    }
    int end = Character.isHighSurrogate(s.charAt(MAX_FIELD - 1)) ? MAX_FIELD - 1 : MAX_FIELD;
    return s.substring(0, end) + "... (" + s.length() + " characters)";
  }

  static String json(String s) {
    if (s == null) {
      return "null";
    }
    StringBuilder b = new StringBuilder(s.length() + 2).append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> b.append("\\\"");
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        case '\t' -> b.append("\\t");
        default -> {
          // Every character a line-based reader splits on (NEL, U+2028 ... as well as C0), and
          // any half of a surrogate pair alone, which the file's UTF-8 encoder would refuse: one
          // record stays one line of valid JSON whatever a caller sent.
          if (FreeText.isControl(c) || FreeText.isUnpairedSurrogate(s, i)) {
            b.append(String.format("\\u%04x", (int) c));
          } else {
            b.append(c);
          }
        }
      }
    }
    return b.append('"').toString();
  }

  @Override
  public void close() throws IOException {
    if (out != null) {
      out.close();
    }
  }
}
