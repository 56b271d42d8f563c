package org.instrumentelement.ie.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.StringWriter;
import java.util.SplittableRandom;
import org.glassfish.jaxb.core.marshaller.MinimumEscapeHandler;
import org.junit.jupiter.api.Test;

class TextEscaperTest {
  private static final String ALPHABET = "ab<>&\"'\r\n\t 0.9E-\u00e9\u20ac\u0000";

  @Test
  void escapesExactlyAsJaxbsMinimumEscapeHandler() throws Exception {
    SplittableRandom random = new SplittableRandom(7);
    TextEscaper ours = new TextEscaper();
    for (int n = 0; n < 5000; n++) {
      char[] text = new char[random.nextInt(40)];
      for (int i = 0; i < text.length; i++) {
        text[i] = ALPHABET.charAt(random.nextInt(ALPHABET.length()));
      }
      int start = text.length == 0 ? 0 : random.nextInt(text.length);
      int length = random.nextInt(text.length - start + 1);
      for (boolean attribute : new boolean[] {false, true}) {
        StringWriter expected = new StringWriter();
        MinimumEscapeHandler.theInstance.escape(text, start, length, attribute, expected);
        StringWriter actual = new StringWriter();
        ours.escape(text, start, length, attribute, actual);
        assertEquals(expected.toString(), actual.toString(), new String(text));
      }
    }
  }

  @Test
  void markupInTextIsEscaped() throws Exception {
    StringWriter w = new StringWriter();
    char[] t = "<a href=\"x\">&\r\n".toCharArray();
    new TextEscaper().escape(t, 0, t.length, false, w);
    assertEquals("&lt;a href=\"x\"&gt;&amp;&#13;\n", w.toString());
  }
}
