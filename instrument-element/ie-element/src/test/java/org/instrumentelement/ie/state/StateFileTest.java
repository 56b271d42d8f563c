package org.instrumentelement.ie.state;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The state file on its own: atomic replacement, and torn or altered files recognised. */
class StateFileTest {
  @TempDir Path dir;

  private static Map<String, String> entries(String timebase) {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("format", "1");
    m.put("parameter.lab/scope.timebase.value", timebase);
    m.put("parameter.lab/scope.label.value", " leading space, = : # ! \\ \t\n\r end");
    m.put("parameter.lab/scope.unicode.value", "µs – Ω \u0001 ✓");
    m.put("parameter.lab/scope.empty.value", "");
    return m;
  }

  @Test
  void whatIsWrittenIsReadBackExactly() throws Exception {
    StateFile f = new StateFile(dir);
    assertEquals(Map.of(), f.read(), "no file yet: nothing kept");
    f.write(entries("0.002"));
    assertEquals(entries("0.002"), f.read());
    f.write(entries("0.003"));
    assertEquals(entries("0.003"), f.read());
  }

  @Test
  void aWriteThatNeverFinishedLeavesTheOldVersion() throws Exception {
    StateFile f = new StateFile(dir);
    f.write(entries("0.002"));
    Path temp = dir.resolve(StateFile.NAME + ".tmp");
    // Killed while writing the new version: half a temporary file.
    Files.writeString(temp, "format = 1\nparameter.lab/scope.timebase.value = 0.0");
    assertEquals(entries("0.002"), f.read());
    // Killed after writing it but before the rename: a whole temporary file, not yet in effect.
    StateFile other = new StateFile(dir.resolve("other"));
    other.write(entries("0.003"));
    Files.copy(other.path(), temp, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    assertEquals(entries("0.002"), f.read());
    f.write(entries("0.004"));
    assertEquals(entries("0.004"), f.read(), "the next write replaces the leftover");
  }

  @Test
  void aFileCutShortAnywhereIsRefused() throws Exception {
    StateFile f = new StateFile(dir);
    f.write(entries("0.002"));
    byte[] whole = Files.readAllBytes(f.path());
    for (int cut = 0; cut < whole.length - 1; cut++) {
      Files.write(f.path(), Arrays.copyOf(whole, cut));
      int at = cut;
      assertThrows(CorruptStateException.class, f::read, "cut after " + at + " bytes");
    }
    Files.write(f.path(), Arrays.copyOf(whole, whole.length - 1));
    assertEquals(entries("0.002"), f.read(), "only the last newline missing: all there");
  }

  @Test
  void anAlteredFileIsRefused() throws Exception {
    StateFile f = new StateFile(dir);
    f.write(entries("0.002"));
    String text = Files.readString(f.path());
    Files.writeString(f.path(), text.replace("0.002", "0.009"));
    CorruptStateException e = assertThrows(CorruptStateException.class, f::read);
    assertTrue(e.getMessage().contains("checksum"), e.getMessage());
    Files.write(f.path(), new byte[] {(byte) 0xff, (byte) 0xfe, 'x', '\n'});
    assertThrows(CorruptStateException.class, f::read);
  }

  @Test
  void settingAsideKeepsTheFileUnderAnotherName() throws Exception {
    StateFile f = new StateFile(dir);
    assertEquals(null, f.setAside("reset"), "nothing to set aside");
    f.write(entries("0.002"));
    byte[] before = Files.readAllBytes(f.path());
    Path aside = f.setAside("reset");
    assertNotNull(aside);
    assertTrue(aside.getFileName().toString().startsWith(StateFile.NAME + ".reset-"), aside + "");
    assertArrayEquals(before, Files.readAllBytes(aside));
    assertFalse(Files.exists(f.path()));
    assertEquals(Map.of(), f.read());
    assertTrue(new String(before, StandardCharsets.UTF_8).contains("do not edit"));
  }
}
