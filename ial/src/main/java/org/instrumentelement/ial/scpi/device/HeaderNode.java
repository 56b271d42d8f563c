package org.instrumentelement.ial.scpi.device;

/**
 * One received header mnemonic, upper-cased, with its numeric suffix taken off ({@code CHAN2} is
 * {@code CHAN} with suffix 2).
 *
 * @param suffix the numeric suffix, or {@link #NO_SUFFIX}
 */
public record HeaderNode(String name, int suffix) {
  /** No numeric suffix was sent. */
  public static final int NO_SUFFIX = -1;

  /** Splits {@code text} into mnemonic and trailing digits; the name is upper-cased. */
  public static HeaderNode of(String text) {
    int i = text.length();
    while (i > 1 && Character.isDigit(text.charAt(i - 1))) {
      i--;
    }
    String name = text.substring(0, i).toUpperCase(java.util.Locale.ROOT);
    if (i == text.length()) {
      return new HeaderNode(name, NO_SUFFIX);
    }
    String digits = text.substring(i);
    // An absurdly long suffix is out of every range rather than an overflow.
    int suffix = digits.length() > 9 ? Integer.MAX_VALUE : Integer.parseInt(digits);
    return new HeaderNode(name, suffix);
  }

  @Override
  public String toString() {
    return suffix == NO_SUFFIX ? name : name + suffix;
  }
}
