package org.instrumentelement.ie;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/** Reading STOMP frames off a raw socket, as a client the tests write by hand. */
public final class StompFrames {
  private StompFrames() {}

  /** A STOMP frame's command and headers (the first of a repeated header). */
  public record Frame(String command, Map<String, String> headers) {}

  /** What a reader does with each frame it reads. */
  public interface FrameHandler {
    void handle(Frame frame) throws Exception;
  }

  /**
   * Reads frames off {@code in} on a daemon thread of its own, handing each to {@code handler},
   * until the socket closes (at the end of the test) or the handler throws.
   */
  public static Thread readEach(InputStream in, FrameHandler handler) {
    Thread reader =
        new Thread(
            () -> {
              try {
                while (true) {
                  handler.handle(next(in));
                }
              } catch (Exception closed) {
                // the socket closed at the end of the test
              }
            },
            "stomp-reader");
    reader.setDaemon(true);
    reader.start();
    return reader;
  }

  /** The command of the next STOMP frame; reads the frame to its NUL. */
  public static String command(InputStream in) throws IOException {
    return next(in).command();
  }

  /** The next STOMP frame, without its body; reads the frame to its NUL. */
  public static Frame next(InputStream in) throws IOException {
    Map<String, String> headers = new HashMap<>();
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int c;
    while ((c = in.read()) == '\n' || c == '\r') {
      // heart-beats between frames
    }
    while (c >= 0 && c != '\n') {
      head.write(c);
      c = in.read();
    }
    int length = -1;
    StringBuilder line = new StringBuilder();
    while ((c = in.read()) >= 0) {
      if (c == '\n') {
        if (line.length() == 0) {
          break;
        }
        int colon = line.indexOf(":");
        if (colon > 0) {
          headers.putIfAbsent(line.substring(0, colon), line.substring(colon + 1));
        }
        if (line.toString().startsWith("content-length:")) {
          length = Integer.parseInt(line.substring("content-length:".length()).trim());
        }
        line.setLength(0);
      } else {
        line.append((char) c);
      }
    }
    if (length >= 0) {
      in.readNBytes(length + 1);
    } else {
      while ((c = in.read()) > 0) {
        // the body, to its NUL
      }
    }
    return new Frame(head.toString(StandardCharsets.UTF_8).trim(), headers);
  }
}
