package org.instrumentelement.ie.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.instrumentelement.ie.config.ImConfig;
import org.instrumentelement.ie.security.Reservation;
import org.instrumentelement.ie.security.Reservations;
import org.instrumentelement.im.ImContext;
import org.instrumentelement.im.alarm.AlarmLimits;
import org.instrumentelement.im.sampling.ChangeFilter;
import org.instrumentelement.im.sampling.SamplingSettings;
import org.junit.jupiter.api.Test;

/** The start-up rules: run-time values come back unless the file changed that key, or apply. */
class StartupRestoreTest {
  static final Instant T = Instant.parse("2026-11-23T10:15:00Z");
  private final StateStore store = StateStore.inMemory();

  private static ImConfig scope(Map<String, String> params, String onLink) {
    return new ImConfig(
        "scope",
        "",
        "oscilloscope",
        "MOCK::oscilloscope",
        "",
        true,
        false,
        Duration.ofSeconds(2),
        params,
        Map.of(),
        onLink == null ? Map.of() : Map.of(ImContext.ON_LINK, onLink));
  }

  private void lastRun(Map<String, String> configured, Map<String, String> setAtRunTime) {
    store.update(
        s -> {
          s.setConfigured("lab/scope", configured);
          setAtRunTime.forEach(
              (k, v) -> s.putParameter("lab/scope", k, new StoredParameter(v, "SET", "op", T)));
        });
  }

  @Test
  void runTimeValuesComeBackWhileTheFileSaysTheSame() {
    lastRun(Map.of("timebase", "0.001"), Map.of("timebase", "0.002", "offset", "0.5"));
    Map<String, String> r =
        StartupRestore.parameters(store, "lab/scope", scope(Map.of("timebase", "0.001"), null));
    assertEquals(Map.of("timebase", "0.002", "offset", "0.5"), r);
  }

  @Test
  void theFileWinsForTheKeysItChanged() {
    lastRun(
        Map.of("timebase", "0.001", "channel", "CH1"),
        Map.of("timebase", "0.002", "offset", "0.5", "channel", "CH3", "points", "1000"));
    // timebase edited, offset added to the file, channel removed from it, points untouched
    Map<String, String> r =
        StartupRestore.parameters(
            store, "lab/scope", scope(Map.of("timebase", "0.004", "offset", "1"), null));
    assertEquals(Map.of("points", "1000"), r);
    assertEquals(Map.of("points", "1000"), map(store.read(s -> s.parameters("lab/scope"))));
    assertEquals(
        Map.of("timebase", "0.004", "offset", "1"), store.read(s -> s.configured("lab/scope")));
    // At the next start the file is unchanged again: what is kept now comes back.
    assertEquals(
        Map.of("points", "1000"),
        StartupRestore.parameters(
            store, "lab/scope", scope(Map.of("timebase", "0.004", "offset", "1"), null)));
  }

  @Test
  void applyRestoresNothingAndReadBackRestoresForWhatCannotBeRead() {
    lastRun(Map.of(), Map.of("timebase", "0.002"));
    assertEquals(
        Map.of("timebase", "0.002"),
        StartupRestore.parameters(store, "lab/scope", scope(Map.of(), "readBack")));
    assertEquals(Map.of(), StartupRestore.parameters(store, "lab/scope", scope(Map.of(), "apply")));
    assertEquals(Map.of(), store.read(s -> s.parameters("lab/scope")));
  }

  @Test
  void eachSamplingSettingComesBackUnlessTheFileChangedIt() {
    SamplingSettings fileThen =
        new SamplingSettings(Duration.ofSeconds(1), new ChangeFilter(0, 0), Duration.ZERO);
    SamplingSettings runTime =
        new SamplingSettings(Duration.ofMillis(50), new ChangeFilter(0.1, 0), Duration.ZERO);
    store.update(
        s -> {
          s.setConfiguredSampling("lab/scope", "peakToPeak", fileThen);
          s.putSampling("lab/scope", "peakToPeak", new StoredSampling(runTime, "admin", T));
        });
    assertEquals(runTime, StartupRestore.sampling(store, "lab/scope", "peakToPeak", fileThen));
    SamplingSettings fileNow =
        new SamplingSettings(Duration.ofSeconds(1), new ChangeFilter(0, 0), Duration.ofSeconds(5));
    SamplingSettings merged =
        new SamplingSettings(
            Duration.ofMillis(50), new ChangeFilter(0.1, 0), Duration.ofSeconds(5));
    assertEquals(merged, StartupRestore.sampling(store, "lab/scope", "peakToPeak", fileNow));
    SamplingSettings allChanged =
        new SamplingSettings(
            Duration.ofMillis(200), new ChangeFilter(1, 0.5), Duration.ofSeconds(9));
    assertEquals(allChanged, StartupRestore.sampling(store, "lab/scope", "peakToPeak", allChanged));
    assertNull(store.read(s -> s.sampling("lab/scope", "peakToPeak")), "nothing left to keep");
  }

  @Test
  void reservationsComeBackUntilTheyLapseAndLaterChangesAreKept() throws Exception {
    Instant now = Instant.now();
    store.update(
        s ->
            s.setReservations(
                List.of(
                    new Reservation("lab/scope", "operator", now, now.plusSeconds(3600)),
                    new Reservation("lab/array", "admin", T, T.plusSeconds(60)))));
    Reservations r = new Reservations(Clock.fixed(now, ZoneOffset.UTC));
    StartupRestore.reservations(store, r);
    assertEquals(List.of("lab/scope"), r.list().stream().map(Reservation::subtree).toList());
    r.reserve("admin", "lab/array", Duration.ofMinutes(5));
    assertEquals(2, store.read(StoredState::reservations).size());
    r.release("operator", "lab/scope");
    assertEquals(
        List.of("lab/array"),
        store.read(StoredState::reservations).stream().map(Reservation::subtree).toList());
  }

  private static Map<String, String> map(Map<String, StoredParameter> m) {
    Map<String, String> out = new java.util.TreeMap<>();
    m.forEach((k, v) -> out.put(k, v.value()));
    return out;
  }

  @Test
  void runTimeAlarmLimitsComeBackWhileTheFileSaysTheSameAndTheFileWinsOnceItChanges() {
    AlarmLimits inFile = new AlarmLimits(null, null, 4.0, 6.0, 0.2, Duration.ZERO);
    AlarmLimits atRunTime = new AlarmLimits(null, null, null, 3.5, 0, Duration.ofSeconds(1));
    // The first start records the configured limits; an admin then sets others.
    assertEquals(
        inFile, StartupRestore.alarmLimits(store, "lab/scope", "peakToPeak.value", inFile));
    store.update(
        s ->
            s.putAlarmLimits(
                "lab/scope", "peakToPeak.value", new StoredAlarmLimits(atRunTime, "admin", T)));
    assertEquals(
        atRunTime, StartupRestore.alarmLimits(store, "lab/scope", "peakToPeak.value", inFile));
    // The file changed those limits: it wins, and the run-time ones are forgotten.
    AlarmLimits edited = new AlarmLimits(null, null, 5.0, 6.0, 0.2, Duration.ZERO);
    assertEquals(
        edited, StartupRestore.alarmLimits(store, "lab/scope", "peakToPeak.value", edited));
    assertNull(store.read(s -> s.alarmLimits("lab/scope").get("peakToPeak.value")));
  }

  @Test
  void limitsRemovedAtRunTimeStayRemoved() {
    AlarmLimits inFile = new AlarmLimits(null, null, null, 6.0, 0, Duration.ZERO);
    StartupRestore.alarmLimits(store, "lab/scope", "peakToPeak.value", inFile);
    store.update(
        s ->
            s.putAlarmLimits(
                "lab/scope",
                "peakToPeak.value",
                new StoredAlarmLimits(AlarmLimits.NONE, "admin", T)));
    assertEquals(
        AlarmLimits.NONE,
        StartupRestore.alarmLimits(store, "lab/scope", "peakToPeak.value", inFile));
  }
}
