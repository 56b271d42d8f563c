package org.instrumentelement.ie.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.instrumentelement.im.alarm.Statistic;
import org.junit.jupiter.api.Test;

/**
 * {@code im.<name>.attribute.<attribute>.history.statistics}: which statistics of a vector the
 * history archive keeps as series of their own; all five unless the configuration says otherwise.
 */
class HistoryStatisticsConfigTest {

  private static AttributeConfig attribute(IeConfig c, String im, String attribute) {
    return c.ims().stream()
        .filter(i -> i.name().equals(im))
        .findFirst()
        .orElseThrow()
        .attributes()
        .get(attribute);
  }

  private static final Set<Statistic> ALL =
      EnumSet.of(
          Statistic.MIN, Statistic.MAX, Statistic.MEAN, Statistic.RMS, Statistic.PEAK_TO_PEAK);

  @Test
  void everyStatisticByDefault() throws Exception {
    IeConfig c = ConfigLoader.load(List.of(), Map.of());
    assertEquals(ALL, ImSettings.defaultHistoryStatistics());
    assertEquals(Set.copyOf(Statistic.ofVectors()), ALL);
    // an attribute configured for something else keeps the default ...
    AttributeConfig waveform = attribute(c, "scope", "waveform");
    assertEquals(ALL, waveform.historyStatistics());
    // ... and so does one not configured at all
    assertEquals(ALL, AttributeConfig.historyStatistics(null));
  }

  @Test
  void aListOrNoneIsRead() throws Exception {
    IeConfig c =
        ConfigLoader.load(
            List.of(
                "--im.scope.attribute.waveform.history.statistics= max , peakToPeak,max",
                "--im.array2500.attribute.vector.history.statistics=NONE",
                "--im.array1250.attribute.vector.history.statistics=rms"),
            Map.of());
    assertEquals(
        EnumSet.of(Statistic.MAX, Statistic.PEAK_TO_PEAK),
        attribute(c, "scope", "waveform").historyStatistics());
    assertEquals(Set.of(), attribute(c, "array2500", "vector").historyStatistics());
    assertEquals(
        EnumSet.of(Statistic.RMS), attribute(c, "array1250", "vector").historyStatistics());
    // the other settings of the attribute are untouched
    assertEquals(200, attribute(c, "scope", "waveform").period().toMillis());
  }

  @Test
  void whatIsNoStatisticStopsTheLoadWithTheKeyNamed() {
    String key = "im.scope.attribute.waveform.history.statistics";
    for (String bad : List.of("median", "max,,min", "value", "", "max;min", "Max")) {
      ConfigException e =
          assertThrows(
              ConfigException.class,
              () -> ConfigLoader.load(List.of("--" + key + "=" + bad), Map.of()),
              bad);
      assertTrue(e.getMessage().contains(key), e.getMessage());
    }
    ConfigException unknown =
        assertThrows(
            ConfigException.class,
            () ->
                ConfigLoader.load(
                    List.of("--im.scope.attribute.waveform.history.keep=max"), Map.of()));
    assertTrue(unknown.getMessage().contains("history.statistics"), unknown.getMessage());
  }

  @Test
  void theStatisticNamesAreTheAlarmsAndCannotBeAnAttributesName() {
    assertEquals("waveform.peakToPeak", Statistic.PEAK_TO_PEAK.nameOf("waveform"));
    assertEquals("waveform", Statistic.VALUE.nameOf("waveform"));
    assertEquals(Statistic.MAX, Statistic.inName("waveform.max"));
    assertEquals("waveform", Statistic.attributeIn("waveform.max"));
    assertNull(Statistic.inName("waveform"));
    assertNull(Statistic.inName("waveform.median"));
    assertNull(Statistic.inName("waveform."));
    assertNull(Statistic.inName(".max"));
    // an attribute key cannot name an attribute with a dot: the statistic names are free
    ConfigException e =
        assertThrows(
            ConfigException.class,
            () ->
                ConfigLoader.load(
                    List.of("--im.scope.attribute.waveform.max.period=1s"), Map.of()));
    assertTrue(e.getMessage().contains("waveform.max.period"), e.getMessage());
  }
}
