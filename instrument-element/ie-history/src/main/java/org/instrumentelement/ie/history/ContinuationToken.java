package org.instrumentelement.ie.history;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * Where a raw query stopped: the series, the range it was asked for, and the (time, sequence) of
 * the last sample it answered. A query resumed with it answers the samples after that one, whatever
 * segments were written or removed in between. Opaque to clients; a token that is not one, or is
 * for another series, is refused.
 */
record ContinuationToken(SeriesId series, long from, long to, long lastTime, long lastSequence) {

  String encode() {
    String s =
        "h1|"
            + series.im()
            + "|"
            + series.attribute()
            + "|"
            + from
            + "|"
            + to
            + "|"
            + lastTime
            + "|"
            + lastSequence;
    return Base64.getUrlEncoder()
        .withoutPadding()
        .encodeToString(s.getBytes(StandardCharsets.UTF_8));
  }

  /**
   * The token {@code text} encodes.
   *
   * @throws IllegalArgumentException if it is not a token of this archive
   */
  static ContinuationToken decode(String text) {
    if (text == null || text.length() > 2000) {
      throw new IllegalArgumentException("not a continuation token");
    }
    try {
      String[] f =
          new String(Base64.getUrlDecoder().decode(text), StandardCharsets.UTF_8).split("\\|", -1);
      if (f.length != 7 || !f[0].equals("h1")) {
        throw new IllegalArgumentException("not a continuation token");
      }
      return new ContinuationToken(
          new SeriesId(f[1], f[2]),
          Long.parseLong(f[3]),
          Long.parseLong(f[4]),
          Long.parseLong(f[5]),
          Long.parseLong(f[6]));
    } catch (IllegalArgumentException e) { // NumberFormatException and bad base64 too
      throw new IllegalArgumentException("not a continuation token");
    }
  }
}
