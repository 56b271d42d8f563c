package org.instrumentelement.ie.server.request;

/**
 * Checks xs:base64Binary text as it streams past, without keeping it: the base64 alphabet, white
 * space anywhere, groups of four characters, and at most two '=' only at the end. JAXB's decoder
 * would skip any other character and drop an incomplete group.
 */
final class Base64Text {
  private long characters;
  private int padding;
  private boolean invalid;

  void accept(char[] text, int start, int length) {
    for (int i = start; i < start + length && !invalid; i++) {
      char c = text[i];
      if (LeafType.isXmlSpace(c)) {
        continue;
      }
      characters++;
      if (c == '=') {
        padding++;
        invalid = padding > 2;
      } else {
        invalid = padding > 0 || !isBase64(c);
      }
    }
  }

  /** Characters of base64 seen so far (white space aside). */
  long characters() {
    return characters;
  }

  /** Whether the text seen so far is complete, valid base64. */
  boolean valid() {
    return !invalid && characters % 4 == 0;
  }

  private static boolean isBase64(char c) {
    return (c >= 'A' && c <= 'Z')
        || (c >= 'a' && c <= 'z')
        || (c >= '0' && c <= '9')
        || c == '+'
        || c == '/';
  }
}
