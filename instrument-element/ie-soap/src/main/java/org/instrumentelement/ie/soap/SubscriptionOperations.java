package org.instrumentelement.ie.soap;

import java.time.Duration;
import java.util.ArrayList;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.ie.contract.TopicNames;
import org.instrumentelement.ie.pubsub.BrokerEndpoints;
import org.instrumentelement.ie.pubsub.MessageFormat;
import org.instrumentelement.ie.pubsub.Publishing;
import org.instrumentelement.ie.pubsub.SampledAttribute;
import org.instrumentelement.ie.pubsub.SamplingChange;
import org.instrumentelement.ie.security.Caller;
import org.instrumentelement.ie.security.Role;
import org.instrumentelement.ie.soap.types.ConfigureSampling;
import org.instrumentelement.ie.soap.types.ConfigureSamplingResponse;
import org.instrumentelement.ie.soap.types.GetSubscriptionInfo;
import org.instrumentelement.ie.soap.types.GetSubscriptionInfoResponse;
import org.instrumentelement.ie.soap.types.ListSubscriptions;
import org.instrumentelement.ie.soap.types.ListSubscriptionsResponse;
import org.instrumentelement.ie.soap.types.SubscriptionInfo;
import org.instrumentelement.ie.soap.types.ValueType;
import org.instrumentelement.im.model.ImException;
import org.instrumentelement.im.sampling.SamplingSettings;

/**
 * The subscribable attributes: where and how each is published, its figures, and changes to its
 * sampling settings.
 */
final class SubscriptionOperations {
  /** Longest sampling period accepted by configureSampling. */
  static final long MAX_PERIOD_MILLIS = 86_400_000L;

  private final ElementView view;
  private final Publishing publishing;

  SubscriptionOperations(ElementView view, Publishing publishing) {
    this.view = view;
    this.publishing = publishing;
  }

  ListSubscriptionsResponse listSubscriptions(ListSubscriptions request)
      throws InstrumentElementFault {
    String path = request == null || request.im == null || request.im.isBlank() ? null : request.im;
    if (path != null) {
      view.node(path);
    }
    ListSubscriptionsResponse r = new ListSubscriptionsResponse();
    r.subscription = new ArrayList<>();
    Caller c = view.caller();
    for (SampledAttribute s : publishing.subscriptions().list(path)) {
      if (c.may(Role.OBSERVE, s.imPath())) {
        r.subscription.add(info(s));
      }
    }
    return r;
  }

  GetSubscriptionInfoResponse getSubscriptionInfo(GetSubscriptionInfo request)
      throws InstrumentElementFault {
    String path = ElementView.required(request == null ? null : request.im, "im");
    String name = ElementView.required(request.attribute, "attribute");
    try {
      GetSubscriptionInfoResponse r = new GetSubscriptionInfoResponse();
      r.subscription = info(publishing.subscriptions().get(path, name));
      return r;
    } catch (ImException e) {
      throw view.fault(e, path, name);
    }
  }

  ConfigureSamplingResponse configureSampling(ConfigureSampling request)
      throws InstrumentElementFault {
    String path = ElementView.required(request == null ? null : request.im, "im");
    String name = ElementView.required(request.attribute, "attribute");
    try {
      publishing.subscriptions().get(path, name); // an unknown attribute before a bad value
      SamplingChange change =
          new SamplingChange(
              period(request.samplingPeriodMillis, request.samplingPeriodMicros),
              request.deadband == null ? null : deadband(request.deadband, "deadband"),
              request.relativeDeadband == null
                  ? null
                  : deadband(request.relativeDeadband, "relativeDeadband"),
              request.heartbeatMillis == null
                  ? null
                  : Duration.ofMillis(millis(request.heartbeatMillis, "heartbeatMillis")));
      SampledAttribute s =
          publishing.subscriptions().configure(path, name, change, view.caller().name());
      ConfigureSamplingResponse r = new ConfigureSamplingResponse();
      r.subscription = info(s);
      return r;
    } catch (ImException e) {
      throw view.fault(e, path, name);
    }
  }

  private SubscriptionInfo info(SampledAttribute s) {
    SubscriptionInfo i = new SubscriptionInfo();
    BrokerEndpoints endpoints = publishing.endpoints();
    i.im = s.imPath();
    i.attribute = s.spec().name();
    i.topic = s.topic();
    i.brokerUrl = endpoints.openWire();
    i.stompUrl = endpoints.stomp();
    i.stompDestination = endpoints.stomp() == null ? null : TopicNames.stompDestination(s.topic());
    i.mqttUrl = endpoints.mqtt();
    i.mqttTopic = endpoints.mqtt() == null ? null : TopicNames.mqttTopic(s.topic());
    i.messageFormat = MessageFormat.DESCRIPTION;
    i.valueType = ValueType.valueOf(s.spec().spec().type().name());
    i.units = s.spec().spec().units().isEmpty() ? null : s.spec().spec().units();
    SamplingSettings settings = s.sampler().settings();
    i.samplingPeriodMillis = roundedUp(settings.period(), 1_000_000);
    i.samplingPeriodMicros = roundedUp(settings.period(), 1_000);
    i.deadband = settings.filter().absolute();
    i.relativeDeadband = settings.filter().relative();
    i.heartbeatMillis = settings.heartbeat().toMillis();
    i.published = s.sampler().published();
    i.superseded =
        publishing.publisher() == null ? 0 : publishing.publisher().superseded(s.topic());
    i.sampleFailures = s.sampler().failures();
    if (publishing.broker() != null) {
      i.subscribers = publishing.broker().subscribers(s.topic());
      i.discarded = publishing.broker().discarded(s.topic());
    }
    return i;
  }

  /** A duration in whole units of {@code nanos} nanoseconds, rounded up. */
  private static long roundedUp(Duration d, long nanos) {
    return -Math.floorDiv(-d.toNanos(), nanos);
  }

  /**
   * The period a request names in milliseconds, in microseconds or in both (then the same), null
   * when in neither.
   */
  private static Duration period(Long millis, Long micros) throws ImException {
    Duration fromMillis =
        millis == null ? null : Duration.ofMillis(millis(millis, "samplingPeriodMillis"));
    if (micros == null) {
      return fromMillis;
    }
    long max = MAX_PERIOD_MILLIS * 1000;
    long min = SamplingSettings.MIN_PERIOD.toNanos() / 1000;
    if (micros < 0 || micros > max || (micros != 0 && micros < min)) {
      throw new ImException(
          FaultCode.OUT_OF_RANGE,
          "samplingPeriodMicros: "
              + micros
              + " is neither 0 (off) nor in ["
              + min
              + ", "
              + max
              + "]");
    }
    Duration fromMicros = Duration.ofNanos(micros * 1000);
    if (fromMillis != null && !fromMillis.equals(fromMicros)) {
      throw new ImException(
          FaultCode.INVALID_VALUE,
          "samplingPeriodMillis ("
              + millis
              + ") and samplingPeriodMicros ("
              + micros
              + ") name different periods; give one of them");
    }
    return fromMicros;
  }

  private static long millis(long v, String field) throws ImException {
    if (v < 0 || v > MAX_PERIOD_MILLIS) {
      throw new ImException(
          FaultCode.OUT_OF_RANGE, field + ": " + v + " is not in [0, " + MAX_PERIOD_MILLIS + "]");
    }
    return v;
  }

  private static double deadband(double v, String field) throws ImException {
    if (!Double.isFinite(v)) {
      throw new ImException(FaultCode.INVALID_VALUE, field + ": " + v + " is not a finite number");
    }
    if (v < 0) {
      throw new ImException(FaultCode.OUT_OF_RANGE, field + ": " + v + " is negative");
    }
    return v;
  }
}
