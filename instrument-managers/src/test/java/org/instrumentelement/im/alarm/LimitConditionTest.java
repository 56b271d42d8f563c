package org.instrumentelement.im.alarm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Limits with hysteresis and delay: raised when they should be, and no flapping. */
class LimitConditionTest {
  private static final long MS = 1_000_000L;

  private static AlarmLimits high(double warning, double alarm, double hysteresis, long delayMs) {
    return new AlarmLimits(null, null, warning, alarm, hysteresis, Duration.ofMillis(delayMs));
  }

  @Test
  void entersEachStateAtItsLimitAndLeavesItBelowTheHysteresis() {
    LimitCondition c = new LimitCondition(high(8, 10, 0.5, 0));
    assertEquals(false, c.update(7.9, 0));
    assertEquals(Severity.NONE, c.severity());
    assertTrue(c.update(8.0, 1));
    assertEquals(LimitKind.HIGH_WARNING, c.reported());
    assertTrue(c.update(10.0, 2));
    assertEquals(LimitKind.HIGH_ALARM, c.reported());
    assertEquals(false, c.update(9.6, 3), "within the hysteresis of highAlarm: still ALARM");
    assertTrue(c.update(9.4, 4));
    assertEquals(LimitKind.HIGH_WARNING, c.reported());
    assertEquals(false, c.update(7.6, 5), "within the hysteresis of highWarning");
    assertTrue(c.update(7.4, 6));
    assertNull(c.reported());
  }

  @Test
  void lowLimitsMirrorTheHighOnes() {
    LimitCondition c =
        new LimitCondition(new AlarmLimits(-10.0, -8.0, null, null, 1, Duration.ZERO));
    assertTrue(c.update(-10.5, 0));
    assertEquals(LimitKind.LOW_ALARM, c.reported());
    assertEquals(false, c.update(-9.5, 1));
    assertTrue(c.update(-8.5, 2));
    assertEquals(LimitKind.LOW_WARNING, c.reported());
    assertTrue(c.update(0, 3));
    assertEquals(Severity.NONE, c.severity());
  }

  @Test
  void aNoisyValueAtTheLimitDoesNotFlap() {
    // 10,000 samples of 10 +- 0.3 around highAlarm 10 with a hysteresis of 0.5: raised once.
    LimitCondition c = new LimitCondition(high(5, 10, 0.5, 0));
    Random noise = new Random(17);
    int changes = 0;
    for (int i = 0; i < 10_000; i++) {
      if (c.update(10 + (noise.nextDouble() * 0.6 - 0.3), i * MS)) {
        changes++;
      }
    }
    assertEquals(1, changes);
    assertEquals(LimitKind.HIGH_ALARM, c.reported());
  }

  @Test
  void withoutHysteresisTheSameNoiseFlaps() {
    // The counter-example that shows the test above measures something.
    LimitCondition c = new LimitCondition(high(5, 10, 0, 0));
    Random noise = new Random(17);
    int changes = 0;
    for (int i = 0; i < 1_000; i++) {
      if (c.update(10 + (noise.nextDouble() * 0.6 - 0.3), i * MS)) {
        changes++;
      }
    }
    assertTrue(changes > 100, "changes: " + changes);
  }

  @Test
  void theDelayRaisesOnlyAConditionThatHolds() {
    LimitCondition c = new LimitCondition(high(5, 10, 0, 100));
    assertEquals(false, c.update(11, 0));
    assertEquals(false, c.update(11, 50 * MS));
    assertEquals(false, c.update(9, 60 * MS), "back under the alarm limit: its wait restarts");
    assertEquals(false, c.update(11, 70 * MS));
    assertTrue(c.update(11, 100 * MS), "over the warning limit for the delay");
    assertEquals(LimitKind.HIGH_WARNING, c.reported());
    assertEquals(false, c.update(11, 169 * MS));
    assertTrue(c.update(11, 170 * MS));
    assertEquals(LimitKind.HIGH_ALARM, c.reported());
    assertTrue(c.update(0, 171 * MS), "clearing is not delayed");
    assertEquals(Severity.NONE, c.severity());
  }

  @Test
  void aNoisyValueCrossingBrieflyIsNeverRaisedWithADelay() {
    // Spikes above the limit, each shorter than the delay: no alarm at all.
    LimitCondition c =
        new LimitCondition(new AlarmLimits(null, null, null, 10.0, 0, Duration.ofMillis(100)));
    Random noise = new Random(3);
    for (int i = 0; i < 10_000; i++) {
      double x = (i % 10 < 5 ? 10.5 : 9.5) + noise.nextDouble() * 0.1; // 5 ms over, 5 ms under
      assertEquals(false, c.update(x, i * MS));
    }
    assertEquals(Severity.NONE, c.severity());
  }

  @Test
  void nanIsIgnored() {
    LimitCondition c = new LimitCondition(high(5, 10, 0, 0));
    assertTrue(c.update(11, 0));
    assertEquals(false, c.update(Double.NaN, 1));
    assertEquals(Severity.ALARM, c.severity());
  }

  @Test
  void limitsOutOfOrderOrNotFiniteAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> high(10, 8, 0, 0));
    assertThrows(IllegalArgumentException.class, () -> high(8, Double.NaN, 0, 0));
    assertThrows(IllegalArgumentException.class, () -> high(8, 10, -1, 0));
    assertThrows(IllegalArgumentException.class, () -> high(8, 10, 0, -1));
    assertThrows(
        IllegalArgumentException.class,
        () -> new AlarmLimits(null, 5.0, 5.0, null, 0, Duration.ZERO),
        "a value cannot be below and above at once");
  }
}
