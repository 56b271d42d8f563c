package org.instrumentelement.ie.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.instrumentelement.ie.security.Reservation;
import org.instrumentelement.im.alarm.AlarmLimits;
import org.instrumentelement.im.sampling.ChangeFilter;
import org.instrumentelement.im.sampling.SamplingSettings;
import org.junit.jupiter.api.Test;

/** The keys of the state file, and what is refused when reading them. */
class StateFormatTest {
  static final Instant T = Instant.parse("2026-11-23T10:15:00Z");

  static StoredState sample() {
    StoredState s = new StoredState();
    s.putParameter("lab/scope", "timebase", new StoredParameter("0.002", "SET", "operator", T));
    s.putParameter("lab/scope", "channel", new StoredParameter("CH2", "READ_BACK", "", T));
    s.setConfigured("lab/scope", Map.of("timebase", "0.001", "points", "2500"));
    SamplingSettings fast =
        new SamplingSettings(Duration.ofMillis(50), new ChangeFilter(0.01, 0), Duration.ZERO);
    s.putSampling("lab/scope", "peakToPeak", new StoredSampling(fast, "admin", T));
    s.setConfiguredSampling(
        "lab/scope",
        "peakToPeak",
        new SamplingSettings(Duration.ofSeconds(1), new ChangeFilter(0, 0), Duration.ZERO));
    s.putAlarmLimits(
        "lab/scope",
        "waveform.max",
        new StoredAlarmLimits(
            new AlarmLimits(null, null, 3.0, 3.5, 0.1, Duration.ofSeconds(2)), "admin", T));
    s.putAlarmLimits(
        "lab/scope", "peakToPeak.value", new StoredAlarmLimits(AlarmLimits.NONE, "admin", T));
    s.setConfiguredAlarmLimits(
        "lab/scope", "peakToPeak.value", new AlarmLimits(-1.0, null, null, 6.0, 0, Duration.ZERO));
    s.setReservations(
        List.of(
            new Reservation("lab/array1250", "operator", T, T.plusSeconds(3600)),
            new Reservation("lab/scope", "admin", T, T.plusSeconds(60))));
    return s;
  }

  @Test
  void everythingKeptReadsBackTheSame() throws Exception {
    Map<String, String> entries = StateFormat.encode(sample(), T);
    assertEquals("1", entries.get("format"));
    assertEquals("0.002", entries.get("parameter.lab/scope.timebase.value"));
    assertEquals("operator", entries.get("parameter.lab/scope.timebase.by"));
    assertEquals("50", entries.get("sampling.lab/scope.peakToPeak.periodMillis"));
    assertEquals("lab/array1250", entries.get("reservation.0.im"));
    assertEquals("3.5", entries.get("alarm.lab/scope.waveform.max.highAlarm"));
    assertEquals("2000", entries.get("alarm.lab/scope.waveform.max.delayMillis"));
    assertEquals(null, entries.get("alarm.lab/scope.waveform.max.lowAlarm"), "absent: no limit");
    assertEquals("-1.0", entries.get("configuredAlarm.lab/scope.peakToPeak.value.lowAlarm"));
    StoredState back = StateFormat.decode(entries);
    assertEquals(StateFormat.encode(sample(), T), StateFormat.encode(back, T));
    assertEquals(sample().reservations(), back.reservations());
    assertEquals(sample().parameters("lab/scope"), back.parameters("lab/scope"));
    assertEquals(sample().alarmLimits("lab/scope"), back.alarmLimits("lab/scope"));
  }

  @Test
  void anImAddedAtRunTimeReadsBackWithSettingsThatHoldDots() throws Exception {
    StoredState s = sample();
    s.putAddedIm(
        "bench-dmm",
        Map.of(
            "type", "scpi",
            "address", "TCPIP::10.0.0.5::hislip0::INSTR",
            "attribute.reading.period", "250ms"));
    Map<String, String> entries = StateFormat.encode(s, T);
    assertEquals("scpi", entries.get("addedIm.bench-dmm.type"));
    assertEquals("250ms", entries.get("addedIm.bench-dmm.attribute.reading.period"));
    StoredState back = StateFormat.decode(entries);
    assertEquals(s.addedIms(), back.addedIms());
    assertTrue(back.hasRunTimeValues());
    back.removeAddedIm("bench-dmm");
    assertEquals(Map.of(), back.addedIms());
    Map<String, String> nameless = new TreeMap<>(entries);
    nameless.put("addedIm..type", "scpi");
    assertThrows(CorruptStateException.class, () -> StateFormat.decode(nameless));
  }

  @Test
  void anotherFormatOrAnUnknownOrIncompleteEntryIsRefused() {
    Map<String, String> good = StateFormat.encode(sample(), T);
    Map<String, String> newer = new TreeMap<>(good);
    newer.put("format", "2");
    CorruptStateException e =
        assertThrows(CorruptStateException.class, () -> StateFormat.decode(newer));
    assertTrue(e.getMessage().contains("format 2"), e.getMessage());
    Map<String, String> unknown = new TreeMap<>(good);
    unknown.put("alarm.lab/scope.x", "1");
    assertThrows(CorruptStateException.class, () -> StateFormat.decode(unknown));
    Map<String, String> incomplete = new TreeMap<>(good);
    incomplete.remove("parameter.lab/scope.timebase.at");
    assertThrows(CorruptStateException.class, () -> StateFormat.decode(incomplete));
    Map<String, String> malformed = new TreeMap<>(good);
    malformed.put("sampling.lab/scope.peakToPeak.periodMillis", "-5");
    assertThrows(CorruptStateException.class, () -> StateFormat.decode(malformed));
  }

  @Test
  void aPeriodShorterThanAMillisecondIsKeptInMicroseconds() throws Exception {
    StoredState s = sample();
    SamplingSettings fast =
        new SamplingSettings(Duration.ofNanos(250_000), new ChangeFilter(0, 0), Duration.ZERO);
    s.putSampling("lab/array2500", "vector", new StoredSampling(fast, "admin", T));
    Map<String, String> entries = StateFormat.encode(s, T);
    assertEquals("250", entries.get("sampling.lab/array2500.vector.periodMicros"));
    assertEquals(null, entries.get("sampling.lab/array2500.vector.periodMillis"));
    assertEquals("50", entries.get("sampling.lab/scope.peakToPeak.periodMillis"), "whole ms");
    StoredState back = StateFormat.decode(entries);
    assertEquals(entries, StateFormat.encode(back, T));
    Map<String, String> tooFast = new TreeMap<>(entries);
    tooFast.put("sampling.lab/array2500.vector.periodMicros", "50");
    assertThrows(CorruptStateException.class, () -> StateFormat.decode(tooFast));
  }
}
