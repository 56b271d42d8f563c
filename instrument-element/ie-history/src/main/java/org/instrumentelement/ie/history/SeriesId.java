package org.instrumentelement.ie.history;

import java.nio.charset.StandardCharsets;

/**
 * An archived series: one attribute of one IM.
 *
 * @param im the IM's path ({@code lab/scope})
 * @param attribute the attribute ({@code peakToPeak})
 */
public record SeriesId(String im, String attribute) {

  /**
   * The series' directory name: the path and attribute with every byte outside {@code
   * [A-Za-z0-9_-]} written as {@code %XX}, so that no name reaches outside the archive.
   */
  public String directoryName() {
    return escape(im) + "~" + escape(attribute);
  }

  private static String escape(String s) {
    StringBuilder b = new StringBuilder();
    for (byte c : s.getBytes(StandardCharsets.UTF_8)) {
      if ((c >= 'a' && c <= 'z')
          || (c >= 'A' && c <= 'Z')
          || (c >= '0' && c <= '9')
          || c == '_'
          || c == '-') {
        b.append((char) c);
      } else {
        b.append(String.format("%%%02X", c & 0xff));
      }
    }
    return b.toString();
  }

  @Override
  public String toString() {
    return im + " " + attribute;
  }
}
