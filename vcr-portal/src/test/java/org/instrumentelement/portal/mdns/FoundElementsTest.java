package org.instrumentelement.portal.mdns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What is read of an announcement's TXT record and names: bounded, printable. */
class FoundElementsTest {

  /** A TXT record: DNS strings of {@code key=value}. */
  private static byte[] txt(String... entries) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (String e : entries) {
      byte[] b = e.getBytes(StandardCharsets.UTF_8);
      out.write(Math.min(255, b.length));
      out.write(b, 0, Math.min(255, b.length));
    }
    return out.toByteArray();
  }

  @Test
  void theKeysOfAnIesRecordAreRead() {
    Map<String, String> t =
        FoundElements.txt(
            txt("txtvers=1", "path=/ie/services/InstrumentElement", "scheme=http", "ie=optics"));
    assertEquals("/ie/services/InstrumentElement", t.get("path"));
    assertEquals("optics", t.get("ie"));
    assertEquals("http", t.get("scheme"));
  }

  @Test
  void aHugeRecordIsReadOnlyUpToItsBound() {
    String[] many = new String[40];
    for (int i = 0; i < many.length; i++) {
      many[i] = "k" + i + "=" + "v".repeat(200);
    }
    byte[] huge = txt(many);
    assertTrue(huge.length > FoundElements.MAX_TXT_BYTES);
    Map<String, String> t = FoundElements.txt(huge);
    // 1,024 bytes hold five entries of 204 bytes and the start of a sixth.
    assertTrue(t.size() >= 5 && t.size() <= 6, t.keySet().toString());
    t.values().forEach(v -> assertTrue(v.length() <= FoundElements.MAX_TEXT + 3, v));
  }

  @Test
  void namesAndValuesAreCutAndPrintable() {
    assertEquals("a?b?c", FoundElements.clean("a\u001bb\nc"));
    assertEquals("x".repeat(FoundElements.MAX_TEXT) + "...", FoundElements.clean("x".repeat(500)));
    Map<String, String> t = FoundElements.txt(txt("ie=evil\u001b[2J", "path=/x\r\n"));
    assertEquals("evil?[2J", t.get("ie"));
    assertEquals("/x??", t.get("path"));
  }
}
