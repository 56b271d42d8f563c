package org.instrumentelement.ial.scpi.device;

/**
 * A standard SCPI error, as an instrument queues it and answers it to {@code SYSTem:ERRor?}. The
 * codes and texts are those of SCPI-99 (volume 2, chapter 21) and IEEE 488.2: -1xx command errors
 * (the parser could not make sense of the message), -2xx execution errors (understood, but not
 * possible now), -3xx device errors, -4xx query errors.
 */
public record ScpiError(int code, String message) {
  public static final ScpiError NONE = new ScpiError(0, "No error");
  public static final ScpiError INVALID_CHARACTER = new ScpiError(-101, "Invalid character");
  public static final ScpiError SYNTAX = new ScpiError(-102, "Syntax error");
  public static final ScpiError INVALID_SEPARATOR = new ScpiError(-103, "Invalid separator");
  public static final ScpiError DATA_TYPE = new ScpiError(-104, "Data type error");
  public static final ScpiError PARAMETER_NOT_ALLOWED =
      new ScpiError(-108, "Parameter not allowed");
  public static final ScpiError MISSING_PARAMETER = new ScpiError(-109, "Missing parameter");
  public static final ScpiError HEADER_SEPARATOR = new ScpiError(-111, "Header separator error");
  public static final ScpiError MNEMONIC_TOO_LONG =
      new ScpiError(-112, "Program mnemonic too long");
  public static final ScpiError UNDEFINED_HEADER = new ScpiError(-113, "Undefined header");
  public static final ScpiError SUFFIX_OUT_OF_RANGE =
      new ScpiError(-114, "Header suffix out of range");
  public static final ScpiError INVALID_NUMBER_CHARACTER =
      new ScpiError(-121, "Invalid character in number");
  public static final ScpiError EXPONENT_TOO_LARGE = new ScpiError(-123, "Exponent too large");
  public static final ScpiError INVALID_SUFFIX = new ScpiError(-131, "Invalid suffix");
  public static final ScpiError SUFFIX_TOO_LONG = new ScpiError(-134, "Suffix too long");
  public static final ScpiError SUFFIX_NOT_ALLOWED = new ScpiError(-138, "Suffix not allowed");
  public static final ScpiError INVALID_CHARACTER_DATA =
      new ScpiError(-141, "Invalid character data");
  public static final ScpiError CHARACTER_DATA_TOO_LONG =
      new ScpiError(-144, "Character data too long");
  public static final ScpiError INVALID_STRING_DATA = new ScpiError(-151, "Invalid string data");
  public static final ScpiError INVALID_BLOCK_DATA = new ScpiError(-161, "Invalid block data");
  public static final ScpiError BLOCK_DATA_NOT_ALLOWED =
      new ScpiError(-168, "Block data not allowed");
  public static final ScpiError EXECUTION = new ScpiError(-200, "Execution error");
  public static final ScpiError SETTINGS_CONFLICT = new ScpiError(-221, "Settings conflict");
  public static final ScpiError OUT_OF_RANGE = new ScpiError(-222, "Data out of range");
  public static final ScpiError ILLEGAL_VALUE = new ScpiError(-224, "Illegal parameter value");
  public static final ScpiError DATA_STALE = new ScpiError(-230, "Data corrupt or stale");
  public static final ScpiError MEDIA_FULL = new ScpiError(-254, "Media full");
  public static final ScpiError FILE_NOT_FOUND = new ScpiError(-256, "File name not found");
  public static final ScpiError FILE_NAME = new ScpiError(-257, "File name error");
  public static final ScpiError QUEUE_OVERFLOW = new ScpiError(-350, "Queue overflow");
  public static final ScpiError QUERY_INTERRUPTED = new ScpiError(-410, "Query INTERRUPTED");

  /**
   * The same error with the instrument's detail appended, as SCPI-99 allows: {@code text;detail}.
   */
  public ScpiError withDetail(String detail) {
    return new ScpiError(code, message + ";" + detail);
  }

  /** Whether the parser raised it (-1xx): the rest of the program message is then discarded. */
  public boolean isCommandError() {
    return code <= -100 && code > -200;
  }

  /** SCPI-99 21.8: an error's message, detail included, has at most 255 characters. */
  static final int MAX_MESSAGE = 255;

  /**
   * The {@code SYSTem:ERRor?} reply: {@code -222,"Data out of range"}. The message is cut to 255
   * characters, a quote in it becomes an apostrophe and any other byte that is not printable ASCII
   * a {@code ?}: a detail quoting what a controller sent must not end or break the reply.
   */
  public String reply() {
    return reply(Integer.toString(code));
  }

  /** The reply with the code written as given ({@code +0} where a manual writes the sign). */
  public String reply(String codeText) {
    StringBuilder m = new StringBuilder(Math.min(message.length(), MAX_MESSAGE));
    for (int i = 0; i < message.length() && m.length() < MAX_MESSAGE; i++) {
      char c = message.charAt(i);
      m.append(c == '"' ? '\'' : c >= 0x20 && c < 0x7f ? c : '?');
    }
    return codeText + ",\"" + m + "\"";
  }
}
