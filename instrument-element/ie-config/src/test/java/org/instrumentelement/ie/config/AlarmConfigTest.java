package org.instrumentelement.ie.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.instrumentelement.im.alarm.AlarmLimits;
import org.instrumentelement.im.alarm.AlarmSettings;
import org.instrumentelement.im.alarm.Statistic;
import org.junit.jupiter.api.Test;

/** The {@code alarm.*} attribute keys: read, checked, and refused with the key named. */
class AlarmConfigTest {

  private static AttributeConfig attribute(IeConfig c, String im, String attribute) {
    return c.ims().stream()
        .filter(i -> i.name().equals(im))
        .findFirst()
        .orElseThrow()
        .attributes()
        .get(attribute);
  }

  @Test
  void limitsOfAValueAndOfStatisticsAreRead() throws Exception {
    IeConfig c =
        ConfigLoader.load(
            List.of(
                "--im.scope.attribute.peakToPeak.alarm.highWarning=4",
                "--im.scope.attribute.peakToPeak.alarm.highAlarm=6",
                "--im.scope.attribute.peakToPeak.alarm.hysteresis=0.2",
                "--im.scope.attribute.peakToPeak.alarm.delay=2s",
                "--im.scope.attribute.waveform.alarm.max.highAlarm=3.5",
                "--im.scope.attribute.waveform.alarm.rms.lowWarning=0.05"),
            Map.of());
    AlarmLimits p2p = attribute(c, "scope", "peakToPeak").alarms().get(Statistic.VALUE);
    assertEquals(4.0, p2p.highWarning());
    assertEquals(6.0, p2p.highAlarm());
    assertNull(p2p.lowAlarm());
    assertEquals(0.2, p2p.hysteresis());
    assertEquals(Duration.ofSeconds(2), p2p.delay());
    Map<Statistic, AlarmLimits> waveform = attribute(c, "scope", "waveform").alarms();
    assertEquals(3.5, waveform.get(Statistic.MAX).highAlarm());
    assertEquals(0.05, waveform.get(Statistic.RMS).lowWarning());
    assertEquals(Duration.ZERO, waveform.get(Statistic.RMS).delay());
    assertEquals(2, waveform.size());
    assertEquals(3, c.alarmSampleFailures());
  }

  @Test
  void badLimitsStopTheLoadWithTheKeyNamed() {
    String p2p = "im.scope.attribute.peakToPeak.alarm.";
    Map<String, List<String>> named =
        Map.of(
            p2p + "highAlarm",
            List.of("--" + p2p + "highAlarm=lots"),
            p2p + "lowAlarm",
            List.of("--" + p2p + "lowAlarm=NaN"),
            p2p + "*: lowAlarm (5.0) must be below highAlarm (1.0)",
            List.of("--" + p2p + "lowAlarm=5", "--" + p2p + "highAlarm=1"),
            p2p + "*: a hysteresis or delay without any limit",
            List.of("--" + p2p + "hysteresis=0.1"),
            "im.scope.attribute.waveform.alarm.median.highAlarm",
            List.of("--im.scope.attribute.waveform.alarm.median.highAlarm=1"),
            "im.scope.attribute.waveform.alarm.max.loud",
            List.of("--im.scope.attribute.waveform.alarm.max.loud=1"),
            "alarm.sampleFailures",
            List.of("--alarm.sampleFailures=0"));
    named.forEach(
        (key, args) -> {
          ConfigException e =
              assertThrows(ConfigException.class, () -> ConfigLoader.load(args, Map.of()), key);
          assertTrue(e.getMessage().contains(key), e.getMessage());
        });
  }

  @Test
  void theDocumentedAlarmKeysAreTheSettingsTheSharedReaderKnows() {
    List<String> documented =
        ImSettings.attribute().stream()
            .map(ConfigKey::name)
            .filter(n -> n.startsWith(AlarmSettings.PREFIX))
            .map(n -> n.substring(AlarmSettings.PREFIX.length()))
            .toList();
    assertEquals(AlarmSettings.SETTINGS, documented);
  }
}
