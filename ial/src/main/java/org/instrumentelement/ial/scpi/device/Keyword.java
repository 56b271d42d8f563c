package org.instrumentelement.ial.scpi.device;

import java.util.Locale;

/**
 * A keyword as a manual writes it, upper case for the short form: {@code MSBFirst} accepts {@code
 * MSBF} and {@code MSBFIRST} in any case; a trailing number is a numeric suffix, so {@code
 * CHANnel1} accepts {@code CHAN1}, {@code channel1}, and {@code CHAN} (suffix 1 may be left out).
 * Used for header mnemonics and for character parameters alike.
 */
public final class Keyword {
  private static final java.util.regex.Pattern DECLARED =
      java.util.regex.Pattern.compile("[A-Za-z][A-Za-z0-9_]*");

  private final String declared;
  private final String shortName;
  private final String longName;
  private final int suffix;

  private Keyword(String declared, String shortName, String longName, int suffix) {
    this.declared = declared;
    this.shortName = shortName;
    this.longName = longName;
    this.suffix = suffix;
  }

  /**
   * Compiles {@code MSBFirst} or {@code CHANnel1}.
   *
   * @throws IllegalArgumentException if it is not a letter followed by letters, digits or '_'
   */
  public static Keyword of(String declared) {
    String d = declared.trim();
    if (!DECLARED.matcher(d).matches()) {
      throw new IllegalArgumentException("'" + declared + "' is not a SCPI keyword");
    }
    HeaderNode split = HeaderNode.of(d);
    String name = d.substring(0, d.length() - (split.suffix() < 0 ? 0 : suffixLength(d)));
    StringBuilder shortName = new StringBuilder();
    for (char c : name.toCharArray()) {
      if (!Character.isLowerCase(c)) {
        shortName.append(c);
      }
    }
    String longName = name.toUpperCase(Locale.ROOT);
    return new Keyword(
        d, shortName.isEmpty() ? longName : shortName.toString(), longName, split.suffix());
  }

  private static int suffixLength(String d) {
    int i = d.length();
    while (i > 1 && Character.isDigit(d.charAt(i - 1))) {
      i--;
    }
    return d.length() - i;
  }

  /** Whether a received keyword ({@code msbf}, {@code CHAN1}) is this one. */
  public boolean matches(String received) {
    return matches(received, false);
  }

  /**
   * Whether a received keyword is this one.
   *
   * @param prefixes whether any prefix of the long form at least as long as the short form is taken
   *     too ({@code SEQU} for {@code SEQuence}), as Tektronix scopes take them
   */
  public boolean matches(String received, boolean prefixes) {
    HeaderNode r = HeaderNode.of(received);
    if (!sameWord(r.name(), shortName, longName, prefixes)) {
      return false;
    }
    if (suffix == HeaderNode.NO_SUFFIX) {
      return r.suffix() == HeaderNode.NO_SUFFIX;
    }
    return r.suffix() == suffix || (r.suffix() == HeaderNode.NO_SUFFIX && suffix == 1);
  }

  /**
   * Whether a received mnemonic (upper case, suffix removed) is the short or the long form, or with
   * {@code prefixes} any prefix of the long form that begins with the short form.
   */
  static boolean sameWord(String received, String shortName, String longName, boolean prefixes) {
    if (received.equals(shortName) || received.equals(longName)) {
      return true;
    }
    return prefixes
        && received.length() > shortName.length()
        && received.startsWith(shortName)
        && longName.startsWith(received);
  }

  /**
   * The short form in upper case with its suffix ({@code MSBF}, {@code CHAN1}): how queries answer.
   */
  public String shortForm() {
    return suffix < 0 ? shortName : shortName + suffix;
  }

  /** The long form in upper case with its suffix ({@code MSBFIRST}, {@code CHANNEL1}). */
  public String longForm() {
    return suffix < 0 ? longName : longName + suffix;
  }

  /** As declared, {@code MSBFirst}. */
  @Override
  public String toString() {
    return declared;
  }
}
