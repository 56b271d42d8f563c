package org.instrumentelement.ie.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The {@code recording.<name>.*} keys: read, with their defaults, and refused in plain words. */
class RecordingSeriesConfigTest {

  @Test
  void aSeriesIsReadWithItsItemsAndDefaults() throws Exception {
    IeConfig c =
        ConfigLoader.load(
            List.of(
                "--recording.scope.items=lab/scope:waveform , lab/scope:peakToPeak",
                "--recording.scope.rotate=1h",
                "--recording.scope.keep=24",
                "--recording.array.items=lab/array2500:vector",
                "--recording.array.rotateBytes=1GB"),
            Map.of());
    assertEquals(2, c.recordingSeries().size());
    // In the order of their names.
    RecordingSeriesConfig scope = c.recordingSeries().get(1);
    assertEquals("scope", scope.name());
    assertEquals(
        List.of(
            new RecordingSeriesConfig.Item("lab/scope", "waveform"),
            new RecordingSeriesConfig.Item("lab/scope", "peakToPeak")),
        scope.items());
    assertEquals(Duration.ofHours(1), scope.rotate());
    assertEquals(0, scope.rotateBytes());
    assertEquals(24, scope.keep());
    RecordingSeriesConfig array = c.recordingSeries().get(0);
    assertEquals(Duration.ZERO, array.rotate());
    assertEquals(1L << 30, array.rotateBytes());
    assertEquals(0, array.keep());
    assertEquals("", array.note());
    // The global recording.* keys are not a series.
    assertEquals(
        List.of(),
        ConfigLoader.load(List.of("--recording.maxActive=2"), Map.of()).recordingSeries());
  }

  @Test
  void badSeriesKeysAreRefusedInPlainWords() {
    assertTrue(
        refused("--recording.s.rotate=1h").contains("recording.s.items is required"),
        refused("--recording.s.rotate=1h"));
    assertTrue(refused("--recording.s.items=lab/scope").contains("'<im path>:<attribute>'"));
    assertTrue(refused("--recording.s.items=a:b,a:b").contains("twice"));
    assertTrue(refused("--recording.s.items=a:b", "--recording.s.rotat=1h").contains("rotate"));
    assertTrue(refused("--recording.s.items=a:b", "--recording.s.keep=-1").contains("keep"));
    assertEquals(
        "recording.s.note: control character U+0085 at position 5 (free text is one line without"
            + " control characters)",
        refused("--recording.s.items=a:b", "--recording.s.note=bench\u00853"));
    assertTrue(
        refused("--im.x.type=array", "--im.x.description=one\u2028two")
            .contains("im.x.description: control character U+2028 at position 3"),
        refused("--im.x.type=array", "--im.x.description=one\u2028two"));
    assertTrue(
        refused("--recording.s.items=a:b", "--recording.s.rotateBytes=lots")
            .contains("recording.s.rotateBytes"));
  }

  private static String refused(String... args) {
    return assertThrows(ConfigException.class, () -> ConfigLoader.load(List.of(args), Map.of()))
        .getMessage();
  }
}
