package org.instrumentelement.im.alarm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.im.model.ImException;
import org.instrumentelement.im.model.Quality;
import org.instrumentelement.im.model.Value;
import org.junit.jupiter.api.Test;

/** The alarms of one attribute: limits on values and statistics, failing reads, the quality. */
class AttributeAlarmsTest {
  private final List<AlarmChange> changes = new ArrayList<>();
  private final AttributeAlarms alarms =
      new AttributeAlarms("lab/scope", "waveform", "V", 3, changes::add);

  private static AlarmLimits highAlarm(double limit) {
    return new AlarmLimits(null, null, null, limit, 0, Duration.ZERO);
  }

  @Test
  void withoutLimitsAValueGoesThroughUntouched() {
    Value v = Value.ofDoubles(new double[] {1, 2}, Instant.now());
    assertSame(v, alarms.checked(v, 0));
    assertEquals(List.of(), changes);
  }

  @Test
  void aStatisticOfAVectorRaisesAndClearsAnAlarmAndSetsTheQuality() {
    alarms.limits(Statistic.MAX, highAlarm(3));
    Value over = alarms.checked(Value.ofDoubles(new double[] {0, 3.5, -1}, Instant.now()), 0);
    assertEquals(Quality.ALARM, over.quality());
    AlarmChange raised = changes.get(0);
    assertEquals("waveform.max", raised.name());
    assertEquals(Severity.ALARM, raised.severity());
    assertEquals(LimitKind.HIGH_ALARM, raised.limit());
    assertEquals(3.5, raised.value());
    assertEquals(3.0, raised.limitValue());
    assertEquals("waveform.max 3.5 V is at or above highAlarm 3", raised.message());
    Value back = alarms.checked(Value.ofDoubles(new double[] {0, 1}, Instant.now()), 1);
    assertEquals(Quality.GOOD, back.quality());
    assertEquals(2, changes.size());
    assertEquals(true, changes.get(1).cleared());
  }

  @Test
  void messagesShowNumbersToSixDigits() {
    assertEquals("3.10587", AttributeAlarms.shortText(3.1058739421693655));
    assertEquals("0.001", AttributeAlarms.shortText(0.001));
    assertEquals("-2.5E-9", AttributeAlarms.shortText(-2.5e-9));
    assertEquals("120000", AttributeAlarms.shortText(1.2e5));
    assertEquals("0", AttributeAlarms.shortText(0));
  }

  @Test
  void eachStatisticIsComputed() {
    Value v = Value.ofDoubles(new double[] {-1, 1, 3}, Instant.now());
    assertEquals(-1, Statistic.MIN.of(v));
    assertEquals(3, Statistic.MAX.of(v));
    assertEquals(1, Statistic.MEAN.of(v));
    assertEquals(Math.sqrt(11 / 3.0), Statistic.RMS.of(v), 1e-12);
    assertEquals(4, Statistic.PEAK_TO_PEAK.of(v));
    assertEquals(Double.NaN, Statistic.VALUE.of(v), "VALUE does not apply to a vector");
    assertEquals(2.5, Statistic.VALUE.of(Value.ofDouble(2.5, Instant.now())));
  }

  @Test
  void changingTheLimitsClearsAnAlarmRaisedUnderTheOldOnes() {
    alarms.limits(Statistic.MEAN, highAlarm(0));
    alarms.checked(Value.ofDoubles(new double[] {1}, Instant.now()), 0);
    alarms.limits(Statistic.MEAN, AlarmLimits.NONE);
    assertEquals(2, changes.size());
    assertEquals(true, changes.get(1).cleared());
    assertEquals(0, alarms.limits().size());
  }

  @Test
  void readsFailingInARowRaiseOneAlarmAndAGoodReadClearsIt() {
    ImException timeout = new ImException(FaultCode.INSTRUMENT_TIMEOUT, "no answer within 2 s");
    alarms.failed(timeout, 0);
    alarms.failed(timeout, 1);
    assertEquals(List.of(), changes, "two failures are not yet an alarm");
    alarms.failed(timeout, 2);
    alarms.failed(timeout, 3);
    assertEquals(1, changes.size());
    AlarmChange raised = changes.get(0);
    assertEquals(AlarmKind.NO_ANSWER, raised.kind());
    assertEquals("waveform.sampling", raised.name());
    assertEquals(Severity.ALARM, raised.severity());
    alarms.checked(Value.ofDoubles(new double[] {1}, Instant.now()), 4);
    assertEquals(2, changes.size());
    assertEquals(true, changes.get(1).cleared());
  }

  @Test
  void idleClearsEverything() {
    alarms.limits(Statistic.MAX, highAlarm(0));
    alarms.checked(Value.ofDoubles(new double[] {1}, Instant.now()), 0);
    alarms.idle("unlinked");
    assertEquals(2, changes.size());
    assertEquals("unlinked", changes.get(1).message());
  }
}
