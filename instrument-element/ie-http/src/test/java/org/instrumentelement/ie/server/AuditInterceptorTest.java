package org.instrumentelement.ie.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.instrumentelement.ie.soap.types.BreakReservation;
import org.instrumentelement.ie.soap.types.BreakReservationResponse;
import org.instrumentelement.ie.soap.types.ConfigureSampling;
import org.instrumentelement.ie.soap.types.ConfigureSamplingResponse;
import org.instrumentelement.ie.soap.types.ReleaseReservation;
import org.instrumentelement.ie.soap.types.ReleaseReservationResponse;
import org.instrumentelement.ie.soap.types.SetParameter;
import org.instrumentelement.ie.soap.types.SetParameterResponse;
import org.instrumentelement.ie.soap.types.SubscriptionInfo;
import org.instrumentelement.ie.soap.types.Value;
import org.junit.jupiter.api.Test;

/** The audit records what an action did, not only that it did not fail. */
class AuditInterceptorTest {
  @Test
  void releasingOrBreakingNothingIsNoEffect() {
    ReleaseReservation release = new ReleaseReservation();
    release.im = "lab/scope";
    ReleaseReservationResponse notReleased = new ReleaseReservationResponse();
    assertEquals(
        "NO_EFFECT: the caller held no reservation of lab/scope",
        AuditInterceptor.outcome(release, notReleased));
    ReleaseReservationResponse released = new ReleaseReservationResponse();
    released.released = true;
    assertEquals("OK", AuditInterceptor.outcome(release, released));

    BreakReservation brk = new BreakReservation();
    brk.im = "lab";
    assertEquals(
        "NO_EFFECT: there was no reservation of lab to break",
        AuditInterceptor.outcome(brk, new BreakReservationResponse()));
  }

  @Test
  void aValueInEffectOtherThanAskedIsRecorded() {
    SetParameter set = new SetParameter();
    set.value = new Value();
    set.value.integerValue = 1000L;
    SetParameterResponse r = new SetParameterResponse();
    r.value = new Value();
    r.value.integerValue = 1000L;
    assertEquals("OK", AuditInterceptor.outcome(set, r));
    r.value = new Value();
    r.value.doubleValue = 1000.0;
    assertEquals("OK: now 1000.0", AuditInterceptor.outcome(set, r));
  }

  @Test
  void samplingDetailsNameOnlyWhatWasAsked() {
    ConfigureSampling c = new ConfigureSampling();
    c.attribute = "waveform";
    c.samplingPeriodMillis = 200L;
    assertEquals("waveform: period=200ms", AuditInterceptor.details(c));
    c.samplingPeriodMillis = null;
    c.samplingPeriodMicros = 250L;
    assertEquals("waveform: period=250us", AuditInterceptor.details(c));
  }

  @Test
  void aSamplingPeriodInEffectIsShownInMillisecondsOrWhenShorterInMicroseconds() {
    ConfigureSamplingResponse r = new ConfigureSamplingResponse();
    r.subscription = new SubscriptionInfo();
    r.subscription.samplingPeriodMillis = 1L;
    r.subscription.samplingPeriodMicros = 250L;
    r.subscription.deadband = 0.0;
    r.subscription.relativeDeadband = 0.0;
    r.subscription.heartbeatMillis = 0L;
    assertEquals(
        "OK: period=250us deadband=0.0 relativeDeadband=0.0 heartbeat=0ms",
        AuditInterceptor.outcome(new ConfigureSampling(), r));
    r.subscription.samplingPeriodMillis = 200L;
    r.subscription.samplingPeriodMicros = 200_000L;
    assertEquals(
        "OK: period=200ms deadband=0.0 relativeDeadband=0.0 heartbeat=0ms",
        AuditInterceptor.outcome(new ConfigureSampling(), r));
  }
}
