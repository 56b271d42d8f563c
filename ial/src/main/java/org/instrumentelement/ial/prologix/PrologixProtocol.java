package org.instrumentelement.ial.prologix;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.instrumentelement.ial.InstrumentException;

/**
 * The byte stream between a controller and a Prologix-style gateway, both ways. From the
 * controller, an unescaped CR or LF ends a line; a line starting with an unescaped {@code ++} is a
 * command to the gateway ({@code ++addr 5}), any other is data for the addressed instrument, in
 * which CR, LF, ESC and {@code +} travel escaped by ESC. The gateway answers its own queries with a
 * line ending in CR LF, and passes the instrument's reply bytes as they come.
 */
public final class PrologixProtocol {
  static final byte CR = 13;
  static final byte LF = 10;
  static final byte ESC = 27;
  static final byte PLUS = '+';

  /** The longest line the gateway answers a command with; longer is not a Prologix gateway. */
  static final int MAX_COMMAND_REPLY = 256;

  private PrologixProtocol() {}

  /** One line of the controller's stream: a gateway command or data for the instrument. */
  public record Line(boolean command, byte[] bytes) {
    /** The command's text ({@code ++addr 5}), for a command line. */
    public String text() {
      return new String(bytes, StandardCharsets.ISO_8859_1).trim();
    }
  }

  /**
   * Data for the instrument as one line: every CR, LF, ESC and {@code +} escaped, then LF. The
   * gateway sends the bytes with EOI on the last ({@code ++eoi 1}) and nothing after ({@code ++eos
   * 3}), so the instrument receives exactly {@code message}.
   */
  public static byte[] dataLine(byte[] message) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(message.length + 16);
    for (byte b : message) {
      if (b == CR || b == LF || b == ESC || b == PLUS) {
        out.write(ESC);
      }
      out.write(b);
    }
    out.write(LF);
    return out.toByteArray();
  }

  /** A command line: {@code ++addr 5} and LF. */
  public static byte[] commandLine(String command) {
    return (command + "\n").getBytes(StandardCharsets.US_ASCII);
  }

  /**
   * Checks the gateway's answer to {@code ++addr}: it must name the address just selected.
   *
   * @throws InstrumentException if it names another address, or is not an address at all: the
   *     gateway would answer for another instrument than the one asked
   */
  public static void checkAddressReply(String reply, PrologixAddress wanted, String what)
      throws InstrumentException {
    String normalised = reply.trim().replaceAll("\\s+", " ");
    if (!normalised.equals(wanted.busAddress())) {
      throw new InstrumentException(
          what
              + ": the gateway answers for GPIB address '"
              + printable(normalised)
              + "', not "
              + wanted.busAddress()
              + ": refused, so that no answer is taken from the wrong instrument");
    }
  }

  /** At most 40 characters of a reply, non-printable bytes as {@code ?}, for messages. */
  static String printable(String s) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < s.length() && i < 40; i++) {
      char c = s.charAt(i);
      b.append(c >= 0x20 && c < 0x7f ? c : '?');
    }
    return s.length() > 40 ? b + "..." : b.toString();
  }

  /**
   * Splits the controller's stream into lines, as the gateway reads it: escapes removed, commands
   * told from data. Fed in pieces of any size; a line longer than the limit is an error.
   */
  public static final class LineReader {
    private final int maxLine;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();
    private boolean escaped;
    private int unescapedPluses; // leading unescaped '+' of the current line, up to 2
    private boolean anyEscaped; // an escaped byte came before the second leading '+'

    /** A reader refusing lines longer than {@code maxLine} bytes. */
    public LineReader(int maxLine) {
      this.maxLine = maxLine;
    }

    /**
     * The lines completed by these bytes.
     *
     * @throws IllegalStateException if a line grows past the limit
     */
    public List<Line> add(byte[] bytes, int offset, int length) {
      List<Line> lines = new ArrayList<>();
      for (int i = offset; i < offset + length; i++) {
        byte b = bytes[i];
        if (escaped) {
          escaped = false;
          anyEscaped = true;
          append(b);
        } else if (b == ESC) {
          escaped = true;
        } else if (b == CR || b == LF) {
          if (line.size() > 0) {
            boolean command = unescapedPluses == 2;
            byte[] content = line.toByteArray();
            lines.add(
                new Line(
                    command,
                    command ? java.util.Arrays.copyOfRange(content, 2, content.length) : content));
          }
          line.reset();
          unescapedPluses = 0;
          anyEscaped = false;
        } else {
          if (b == PLUS && !anyEscaped && line.size() == unescapedPluses && unescapedPluses < 2) {
            unescapedPluses++;
          }
          append(b);
        }
      }
      return lines;
    }

    private void append(byte b) {
      if (line.size() >= maxLine) {
        throw new IllegalStateException("a line longer than " + maxLine + " bytes");
      }
      line.write(b);
    }
  }
}
