package org.instrumentelement.ial.discovery;

/**
 * Text that came from the network (a service name, a TXT value, an {@code *IDN?} reply), made safe
 * to show and to store: cut to a length, every character outside printable ASCII written {@code ?},
 * so that no terminal escape, newline or configuration syntax travels with it.
 */
final class UntrustedText {
  private UntrustedText() {}

  /** At most {@code max} characters of {@code s}, printable ASCII only ({@code ...} if cut). */
  static String clean(String s, int max) {
    if (s == null) {
      return "";
    }
    StringBuilder b = new StringBuilder(Math.min(s.length(), max));
    for (int i = 0; i < s.length() && b.length() < max; i++) {
      char c = s.charAt(i);
      b.append(c >= 0x20 && c < 0x7f ? c : '?');
    }
    return s.length() > max ? b + "..." : b.toString();
  }
}
