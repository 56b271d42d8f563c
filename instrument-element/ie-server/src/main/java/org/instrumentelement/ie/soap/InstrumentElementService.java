package org.instrumentelement.ie.soap;

import jakarta.jws.WebService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.instrumentelement.ie.element.ImNode;
import org.instrumentelement.ie.element.InstrumentElement;
import org.instrumentelement.ie.monitoring.Monitoring;
import org.instrumentelement.ie.pubsub.BrokerEndpoints;
import org.instrumentelement.ie.pubsub.MessageFormat;
import org.instrumentelement.ie.pubsub.Publishing;
import org.instrumentelement.ie.pubsub.SampledAttribute;
import org.instrumentelement.ie.pubsub.TopicNames;
import org.instrumentelement.ie.security.AccessControl;
import org.instrumentelement.ie.security.Caller;
import org.instrumentelement.ie.security.Grant;
import org.instrumentelement.ie.security.LoginThrottle;
import org.instrumentelement.ie.security.Reservation;
import org.instrumentelement.ie.security.Reservations;
import org.instrumentelement.ie.security.Role;
import org.instrumentelement.ie.soap.types.ArgumentInfo;
import org.instrumentelement.ie.soap.types.AttributeInfo;
import org.instrumentelement.ie.soap.types.BreakReservation;
import org.instrumentelement.ie.soap.types.BreakReservationResponse;
import org.instrumentelement.ie.soap.types.ClearLoginFailures;
import org.instrumentelement.ie.soap.types.ClearLoginFailuresResponse;
import org.instrumentelement.ie.soap.types.CommandInfo;
import org.instrumentelement.ie.soap.types.ConfigureSampling;
import org.instrumentelement.ie.soap.types.ConfigureSamplingResponse;
import org.instrumentelement.ie.soap.types.DescribeInstrumentManager;
import org.instrumentelement.ie.soap.types.DescribeInstrumentManagerResponse;
import org.instrumentelement.ie.soap.types.ExecuteCommand;
import org.instrumentelement.ie.soap.types.ExecuteCommandResponse;
import org.instrumentelement.ie.soap.types.GetAttribute;
import org.instrumentelement.ie.soap.types.GetAttributeResponse;
import org.instrumentelement.ie.soap.types.GetAttributes;
import org.instrumentelement.ie.soap.types.GetAttributesResponse;
import org.instrumentelement.ie.soap.types.GetParameter;
import org.instrumentelement.ie.soap.types.GetParameterResponse;
import org.instrumentelement.ie.soap.types.GetState;
import org.instrumentelement.ie.soap.types.GetStateResponse;
import org.instrumentelement.ie.soap.types.GetStatus;
import org.instrumentelement.ie.soap.types.GetStatusResponse;
import org.instrumentelement.ie.soap.types.GetSubscriptionInfo;
import org.instrumentelement.ie.soap.types.GetSubscriptionInfoResponse;
import org.instrumentelement.ie.soap.types.ImDescription;
import org.instrumentelement.ie.soap.types.ImStatus;
import org.instrumentelement.ie.soap.types.ImSummary;
import org.instrumentelement.ie.soap.types.ItemInfo;
import org.instrumentelement.ie.soap.types.ListInstrumentManagers;
import org.instrumentelement.ie.soap.types.ListInstrumentManagersResponse;
import org.instrumentelement.ie.soap.types.ListLoginFailures;
import org.instrumentelement.ie.soap.types.ListLoginFailuresResponse;
import org.instrumentelement.ie.soap.types.ListReservations;
import org.instrumentelement.ie.soap.types.ListReservationsResponse;
import org.instrumentelement.ie.soap.types.ListSubscriptions;
import org.instrumentelement.ie.soap.types.ListSubscriptionsResponse;
import org.instrumentelement.ie.soap.types.LoginFailureInfo;
import org.instrumentelement.ie.soap.types.Namespaces;
import org.instrumentelement.ie.soap.types.OperationStatus;
import org.instrumentelement.ie.soap.types.ParameterInfo;
import org.instrumentelement.ie.soap.types.ReleaseReservation;
import org.instrumentelement.ie.soap.types.ReleaseReservationResponse;
import org.instrumentelement.ie.soap.types.RenewReservation;
import org.instrumentelement.ie.soap.types.RenewReservationResponse;
import org.instrumentelement.ie.soap.types.ReservationInfo;
import org.instrumentelement.ie.soap.types.Reserve;
import org.instrumentelement.ie.soap.types.ReserveResponse;
import org.instrumentelement.ie.soap.types.SetAttribute;
import org.instrumentelement.ie.soap.types.SetAttributeResponse;
import org.instrumentelement.ie.soap.types.SetParameter;
import org.instrumentelement.ie.soap.types.SetParameterResponse;
import org.instrumentelement.ie.soap.types.StatusInfo;
import org.instrumentelement.ie.soap.types.SubscriptionInfo;
import org.instrumentelement.ie.soap.types.Value;
import org.instrumentelement.ie.soap.types.ValueType;
import org.instrumentelement.ie.soap.types.VectorEncoding;
import org.instrumentelement.ie.state.ParameterOrigins;
import org.instrumentelement.ie.state.StartupRestore;
import org.instrumentelement.im.InstrumentManager;
import org.instrumentelement.im.model.ArgumentSpec;
import org.instrumentelement.im.model.AttributeSpec;
import org.instrumentelement.im.model.CommandSpec;
import org.instrumentelement.im.model.ErrorCode;
import org.instrumentelement.im.model.ImException;
import org.instrumentelement.im.model.ParameterSpec;
import org.instrumentelement.im.model.States;
import org.instrumentelement.im.model.ValueSpec;
import org.instrumentelement.im.sampling.ChangeFilter;
import org.instrumentelement.im.sampling.SamplingSettings;

/**
 * The SOAP operations over an {@link InstrumentElement}. A plain class: tests call it directly, and
 * CXF publishes it. Every refusal becomes an {@link InstrumentElementFault} with the IM's error
 * code.
 */
@WebService(
    serviceName = "InstrumentElement",
    portName = "InstrumentElementPort",
    targetNamespace = Namespaces.IE,
    endpointInterface = "org.instrumentelement.ie.soap.InstrumentElementPort")
public class InstrumentElementService implements InstrumentElementPort {
  /** Most attributes one getAttributes call may name. */
  static final int MAX_ATTRIBUTES_PER_CALL = 256;

  /** Most arguments one executeCommand call may carry. */
  static final int MAX_ARGUMENTS_PER_CALL = 64;

  /** Longest sampling period accepted by configureSampling. */
  static final long MAX_PERIOD_MILLIS = 86_400_000L;

  /** Reservation length when a request names none. */
  static final Duration DEFAULT_RESERVATION = Duration.ofMinutes(5);

  private final InstrumentElement ie;
  private final Publishing publishing;
  private final AccessControl access;
  private final Supplier<Caller> caller;
  private final Monitoring monitoring;

  /**
   * @param access who may do what; operations are checked by an interceptor before they get here,
   *     this class only filters lists by what the caller may see and keeps reservations
   * @param caller who makes the current request
   */
  public InstrumentElementService(
      InstrumentElement ie,
      Publishing publishing,
      AccessControl access,
      Supplier<Caller> caller,
      Monitoring monitoring) {
    this.ie = ie;
    this.publishing = publishing;
    this.access = access;
    this.caller = caller;
    this.monitoring = monitoring;
  }

  @Override
  public ListInstrumentManagersResponse listInstrumentManagers(ListInstrumentManagers request) {
    ListInstrumentManagersResponse r = new ListInstrumentManagersResponse();
    r.instrumentManager = new ArrayList<>();
    Caller c = caller.get();
    for (ImNode n : ie.nodes()) {
      if (!c.may(Role.OBSERVE, n.path())) {
        continue;
      }
      ImSummary s = new ImSummary();
      s.path = n.path();
      s.name = n.config().name();
      s.parent = n.parentPath().isEmpty() ? null : n.parentPath();
      s.type = n.im().model().type();
      s.description = description(n);
      s.state = n.im().state();
      r.instrumentManager.add(s);
    }
    return r;
  }

  @Override
  public DescribeInstrumentManagerResponse describeInstrumentManager(
      DescribeInstrumentManager request) throws InstrumentElementFault {
    String path = required(request == null ? null : request.im, "im");
    ImNode n = node(path);
    InstrumentManager im = n.im();
    ImDescription d = new ImDescription();
    d.path = n.path();
    d.name = n.config().name();
    d.parent = n.parentPath().isEmpty() ? null : n.parentPath();
    d.type = im.model().type();
    d.description = description(n);
    d.address = n.config().address().isEmpty() ? null : n.config().address();
    d.state = im.state();
    d.lastError = im.lastError().isEmpty() ? null : im.lastError();
    d.stateName = im.model().states();
    d.parameter = new ArrayList<>();
    for (ParameterSpec p : im.model().parameters()) {
      ParameterInfo i = fill(new ParameterInfo(), p.name(), p.spec(), p.description());
      i.settableIn = ValueMapping.sorted(p.settableIn());
      try {
        i.value =
            ValueMapping.toXml(
                im.getParameter(p.name()), null, p.spec().units(), VectorEncoding.XML);
      } catch (ImException e) {
        throw fault(e, path, p.name());
      }
      ParameterOrigins.Origin origin = ie.origins().origin(n.path(), p.name());
      i.source = origin.source().name();
      i.setBy = origin.by().isEmpty() ? null : origin.by();
      i.setAt = origin.at();
      d.parameter.add(i);
    }
    d.attribute = new ArrayList<>();
    for (AttributeSpec a : im.model().attributes()) {
      AttributeInfo i = fill(new AttributeInfo(), a.name(), a.spec(), a.description());
      i.writable = a.writable();
      i.subscribable = a.subscribable();
      i.readableIn = ValueMapping.sorted(a.readableIn());
      i.writableIn = ValueMapping.sorted(a.writableIn());
      d.attribute.add(i);
    }
    d.command = new ArrayList<>();
    for (CommandSpec c : im.model().commands()) {
      CommandInfo i = new CommandInfo();
      i.name = c.name();
      i.description = c.description();
      i.allowedIn = ValueMapping.sorted(c.allowedIn());
      i.targetState = c.targetState();
      i.argument = new ArrayList<>();
      for (ArgumentSpec a : c.arguments()) {
        ArgumentInfo ai = fill(new ArgumentInfo(), a.name(), a.spec(), a.description());
        ai.required = a.required();
        ai.defaultValue =
            a.defaultValue() == null
                ? null
                : ValueMapping.toXml(a.defaultValue(), null, a.spec().units(), VectorEncoding.XML);
        i.argument.add(ai);
      }
      d.command.add(i);
    }
    d.child = n.children();
    d.onLink = StartupRestore.linkMode(n.config()).configName();
    DescribeInstrumentManagerResponse r = new DescribeInstrumentManagerResponse();
    r.description = d;
    return r;
  }

  @Override
  public GetStateResponse getState(GetState request) throws InstrumentElementFault {
    ImNode n = node(required(request == null ? null : request.im, "im"));
    GetStateResponse r = new GetStateResponse();
    r.state = n.im().state();
    r.lastError = n.im().lastError().isEmpty() ? null : n.im().lastError();
    return r;
  }

  @Override
  public GetAttributeResponse getAttribute(GetAttribute request) throws InstrumentElementFault {
    String path = required(request == null ? null : request.im, "im");
    String name = required(request.attribute, "attribute");
    InstrumentManager im = node(path).im();
    try {
      GetAttributeResponse r = new GetAttributeResponse();
      r.value =
          ValueMapping.toXml(
              im.getAttribute(name), null, units(im, name), encoding(request.encoding));
      return r;
    } catch (ImException e) {
      throw fault(e, path, name);
    }
  }

  @Override
  public GetAttributesResponse getAttributes(GetAttributes request) throws InstrumentElementFault {
    String path = required(request == null ? null : request.im, "im");
    List<String> names = request.attribute == null ? List.of() : request.attribute;
    if (names.size() > MAX_ATTRIBUTES_PER_CALL) {
      throw fault(
          new ImException(
              ErrorCode.REQUEST_TOO_LARGE,
              names.size() + " attributes in one call; at most " + MAX_ATTRIBUTES_PER_CALL),
          path,
          null);
    }
    InstrumentManager im = node(path).im();
    GetAttributesResponse r = new GetAttributesResponse();
    r.value = new ArrayList<>(names.size());
    VectorEncoding enc = encoding(request.encoding);
    for (String name : names) {
      try {
        r.value.add(ValueMapping.toXml(im.getAttribute(name), name, units(im, name), enc));
      } catch (ImException e) {
        throw fault(e, path, name);
      }
    }
    return r;
  }

  @Override
  public GetParameterResponse getParameter(GetParameter request) throws InstrumentElementFault {
    String path = required(request == null ? null : request.im, "im");
    String name = required(request.parameter, "parameter");
    InstrumentManager im = node(path).im();
    try {
      GetParameterResponse r = new GetParameterResponse();
      r.value =
          ValueMapping.toXml(
              im.getParameter(name),
              null,
              im.model().parameter(name).spec().units(),
              VectorEncoding.XML);
      return r;
    } catch (ImException e) {
      throw fault(e, path, name);
    }
  }

  @Override
  public SetParameterResponse setParameter(SetParameter request) throws InstrumentElementFault {
    String path = required(request == null ? null : request.im, "im");
    String name = required(request.parameter, "parameter");
    InstrumentManager im = node(path).im();
    try {
      ParameterSpec spec = im.model().parameter(name);
      SetParameterResponse r = new SetParameterResponse();
      r.value =
          ValueMapping.toXml(
              im.setParameter(name, ValueMapping.fromXml(request.value, name)),
              null,
              spec.spec().units(),
              VectorEncoding.XML);
      return r;
    } catch (ImException e) {
      throw fault(e, path, name);
    }
  }

  @Override
  public SetAttributeResponse setAttribute(SetAttribute request) throws InstrumentElementFault {
    String path = required(request == null ? null : request.im, "im");
    String name = required(request.attribute, "attribute");
    InstrumentManager im = node(path).im();
    try {
      AttributeSpec spec = im.model().attribute(name);
      SetAttributeResponse r = new SetAttributeResponse();
      r.value =
          ValueMapping.toXml(
              im.setAttribute(name, ValueMapping.fromXml(request.value, name)),
              null,
              spec.spec().units(),
              VectorEncoding.XML);
      return r;
    } catch (ImException e) {
      throw fault(e, path, name);
    }
  }

  @Override
  public ExecuteCommandResponse executeCommand(ExecuteCommand request)
      throws InstrumentElementFault {
    String path = required(request == null ? null : request.im, "im");
    String name = required(request.command, "command");
    InstrumentManager im = node(path).im();
    List<Value> given = request.argument == null ? List.of() : request.argument;
    try {
      if (given.size() > MAX_ARGUMENTS_PER_CALL) {
        throw new ImException(
            ErrorCode.REQUEST_TOO_LARGE,
            given.size() + " arguments; at most " + MAX_ARGUMENTS_PER_CALL);
      }
      Map<String, org.instrumentelement.im.model.Value> args = new HashMap<>();
      for (Value a : given) {
        if (a == null || a.name == null || a.name.isBlank()) {
          throw new ImException(
              ErrorCode.MALFORMED_REQUEST, "every argument needs a name attribute");
        }
        if (args.put(a.name, ValueMapping.fromXml(a, name + " argument " + a.name)) != null) {
          throw new ImException(
              ErrorCode.MALFORMED_REQUEST, "argument '" + a.name + "' given twice");
        }
      }
      org.instrumentelement.im.model.Value result = im.executeCommand(name, args);
      ExecuteCommandResponse r = new ExecuteCommandResponse();
      r.state = im.state();
      r.result = result == null ? null : ValueMapping.toXml(result, null, null, VectorEncoding.XML);
      return r;
    } catch (ImException e) {
      throw fault(e, path, name);
    }
  }

  @Override
  public ListSubscriptionsResponse listSubscriptions(ListSubscriptions request)
      throws InstrumentElementFault {
    String path = request == null || request.im == null || request.im.isBlank() ? null : request.im;
    if (path != null) {
      node(path);
    }
    ListSubscriptionsResponse r = new ListSubscriptionsResponse();
    r.subscription = new ArrayList<>();
    Caller c = caller.get();
    for (SampledAttribute s : publishing.subscriptions().list(path)) {
      if (c.may(Role.OBSERVE, s.imPath())) {
        r.subscription.add(info(s));
      }
    }
    return r;
  }

  @Override
  public GetSubscriptionInfoResponse getSubscriptionInfo(GetSubscriptionInfo request)
      throws InstrumentElementFault {
    String path = required(request == null ? null : request.im, "im");
    String name = required(request.attribute, "attribute");
    try {
      GetSubscriptionInfoResponse r = new GetSubscriptionInfoResponse();
      r.subscription = info(publishing.subscriptions().get(path, name));
      return r;
    } catch (ImException e) {
      throw fault(e, path, name);
    }
  }

  @Override
  public ConfigureSamplingResponse configureSampling(ConfigureSampling request)
      throws InstrumentElementFault {
    String path = required(request == null ? null : request.im, "im");
    String name = required(request.attribute, "attribute");
    try {
      SampledAttribute s = publishing.subscriptions().get(path, name);
      SamplingSettings old = s.sampler().settings();
      Duration period =
          request.samplingPeriodMillis == null
              ? old.period()
              : Duration.ofMillis(millis(request.samplingPeriodMillis, "samplingPeriodMillis"));
      Duration heartbeat =
          request.heartbeatMillis == null
              ? old.heartbeat()
              : Duration.ofMillis(millis(request.heartbeatMillis, "heartbeatMillis"));
      double absolute =
          request.deadband == null
              ? old.filter().absolute()
              : deadband(request.deadband, "deadband");
      double relative =
          request.relativeDeadband == null
              ? old.filter().relative()
              : deadband(request.relativeDeadband, "relativeDeadband");
      publishing
          .subscriptions()
          .configure(
              path,
              name,
              new SamplingSettings(period, new ChangeFilter(absolute, relative), heartbeat),
              caller.get().name());
      ConfigureSamplingResponse r = new ConfigureSamplingResponse();
      r.subscription = info(s);
      return r;
    } catch (ImException e) {
      throw fault(e, path, name);
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
    i.samplingPeriodMillis = settings.period().toMillis();
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

  private static long millis(long v, String field) throws ImException {
    if (v < 0 || v > MAX_PERIOD_MILLIS) {
      throw new ImException(
          ErrorCode.OUT_OF_RANGE, field + ": " + v + " is not in [0, " + MAX_PERIOD_MILLIS + "]");
    }
    return v;
  }

  private static double deadband(double v, String field) throws ImException {
    if (!Double.isFinite(v)) {
      throw new ImException(ErrorCode.INVALID_VALUE, field + ": " + v + " is not a finite number");
    }
    if (v < 0) {
      throw new ImException(ErrorCode.OUT_OF_RANGE, field + ": " + v + " is negative");
    }
    return v;
  }

  @Override
  public ReserveResponse reserve(Reserve request) throws InstrumentElementFault {
    String path = required(request == null ? null : request.im, "im");
    node(path);
    try {
      ReserveResponse r = new ReserveResponse();
      r.reservation =
          info(
              access
                  .reservations()
                  .reserve(caller.get().name(), path, duration(request.durationMillis)));
      return r;
    } catch (ImException e) {
      throw fault(e, path, null);
    }
  }

  @Override
  public RenewReservationResponse renewReservation(RenewReservation request)
      throws InstrumentElementFault {
    String path = required(request == null ? null : request.im, "im");
    node(path);
    try {
      RenewReservationResponse r = new RenewReservationResponse();
      r.reservation =
          info(
              access
                  .reservations()
                  .renew(caller.get().name(), path, duration(request.durationMillis)));
      return r;
    } catch (ImException e) {
      throw fault(e, path, null);
    }
  }

  @Override
  public ReleaseReservationResponse releaseReservation(ReleaseReservation request)
      throws InstrumentElementFault {
    String path = required(request == null ? null : request.im, "im");
    ReleaseReservationResponse r = new ReleaseReservationResponse();
    r.released = access.reservations().release(caller.get().name(), path);
    return r;
  }

  @Override
  public BreakReservationResponse breakReservation(BreakReservation request)
      throws InstrumentElementFault {
    String path = required(request == null ? null : request.im, "im");
    BreakReservationResponse r = new BreakReservationResponse();
    r.broken = access.reservations().breakReservation(path);
    return r;
  }

  @Override
  public ListReservationsResponse listReservations(ListReservations request) {
    ListReservationsResponse r = new ListReservationsResponse();
    r.reservation = new ArrayList<>();
    Caller c = caller.get();
    for (Reservation res : access.reservations().list()) {
      if (c.may(Role.OBSERVE, res.subtree())) {
        r.reservation.add(info(res));
      }
    }
    return r;
  }

  @Override
  public GetStatusResponse getStatus(GetStatus request) {
    StatusInfo st = new StatusInfo();
    st.ready = monitoring.ready();
    st.brokerConnected = monitoring.brokerConnected();
    st.uptimeMillis = monitoring.uptime().toMillis();
    st.processCpuMillis = monitoring.processCpuNanos() / 1_000_000;
    st.heapUsedBytes = monitoring.heapUsedBytes();
    st.instrumentManager = new ArrayList<>();
    Caller c = caller.get();
    for (ImNode n : ie.nodes()) {
      if (c.may(Role.OBSERVE, n.path())) {
        ImStatus s = new ImStatus();
        s.path = n.path();
        s.state = n.im().state();
        s.connected = States.CONNECTED.contains(s.state);
        s.lastError = n.im().lastError().isEmpty() ? null : n.im().lastError();
        st.instrumentManager.add(s);
      }
    }
    st.operation = new ArrayList<>();
    for (var e : monitoring.operations()) {
      OperationStatus o = new OperationStatus();
      o.operation = e.getKey();
      o.requests = e.getValue().requests();
      o.faults = e.getValue().faults();
      o.meanMillis = e.getValue().meanMillis();
      o.maxMillis = e.getValue().maxMillis();
      st.operation.add(o);
    }
    GetStatusResponse r = new GetStatusResponse();
    r.status = st;
    return r;
  }

  private static ReservationInfo info(Reservation res) {
    ReservationInfo i = new ReservationInfo();
    i.im = res.subtree();
    i.holder = res.holder();
    i.acquired = res.acquired();
    i.expires = res.expires();
    return i;
  }

  private static Duration duration(Long millis) throws ImException {
    if (millis == null) {
      return DEFAULT_RESERVATION;
    }
    if (millis <= 0 || millis > Reservations.MAX_DURATION.toMillis()) {
      throw new ImException(
          ErrorCode.OUT_OF_RANGE,
          "durationMillis: "
              + millis
              + " is not in [1, "
              + Reservations.MAX_DURATION.toMillis()
              + "]");
    }
    return Duration.ofMillis(millis);
  }

  // ---- helpers -------------------------------------------------------------------------------

  private ImNode node(String path) throws InstrumentElementFault {
    try {
      return ie.node(path);
    } catch (ImException e) {
      throw fault(e, path, null);
    }
  }

  private static String description(ImNode n) {
    String configured = n.config().description();
    return configured.isEmpty() ? n.im().model().description() : configured;
  }

  private static String units(InstrumentManager im, String attribute) throws ImException {
    return im.model().attribute(attribute).spec().units();
  }

  private static VectorEncoding encoding(VectorEncoding e) {
    return e == null ? VectorEncoding.XML : e;
  }

  private static String required(String value, String field) throws InstrumentElementFault {
    if (value == null || value.isBlank()) {
      throw InstrumentElementFault.of(
          ErrorCode.MALFORMED_REQUEST, "the request has no '" + field + "'");
    }
    return value;
  }

  /**
   * The fault for a refusal. An unknown IM is described with the IMs the caller may observe only,
   * so that a fault never tells a caller about IMs it may not see.
   */
  private InstrumentElementFault fault(ImException e, String im, String item) {
    if (e.code() == ErrorCode.UNKNOWN_IM) {
      return InstrumentElementFault.of(ErrorCode.UNKNOWN_IM, unknownIm(im), im, item, e);
    }
    return InstrumentElementFault.of(e, im, item);
  }

  /** Most IM paths an UNKNOWN_IM fault suggests. */
  static final int MAX_SUGGESTED_IMS = 20;

  private String unknownIm(String path) {
    Caller c = caller.get();
    List<String> visible = new ArrayList<>();
    for (ImNode n : ie.nodes()) {
      if (c.may(Role.OBSERVE, n.path())) {
        visible.add(n.path());
      }
    }
    String message = "no Instrument Manager '" + path + "'";
    if (visible.isEmpty()) {
      return message;
    }
    String shown =
        String.join(", ", visible.subList(0, Math.min(visible.size(), MAX_SUGGESTED_IMS)));
    int more = visible.size() - MAX_SUGGESTED_IMS;
    return message
        + " (you may observe "
        + shown
        + (more > 0 ? " and " + more + " more" : "")
        + ")";
  }

  private static <T extends ItemInfo> T fill(T i, String name, ValueSpec spec, String description) {
    i.name = name;
    i.type = ValueType.valueOf(spec.type().name());
    i.units = spec.units().isEmpty() ? null : spec.units();
    if (spec.hasRange()) {
      i.minimum = spec.min();
      i.maximum = spec.max();
    }
    i.choice = spec.choices().isEmpty() ? null : spec.choices();
    if (spec.type() == org.instrumentelement.im.model.ValueType.STRING
        || spec.type() == org.instrumentelement.im.model.ValueType.DOUBLE_ARRAY) {
      i.maxLength = spec.maxLength();
    }
    i.description = description;
    return i;
  }

  @Override
  public ListLoginFailuresResponse listLoginFailures(ListLoginFailures request)
      throws InstrumentElementFault {
    ListLoginFailuresResponse r = new ListLoginFailuresResponse();
    r.entry = new ArrayList<>();
    for (LoginThrottle.Entry e : loginThrottle().list()) {
      LoginFailureInfo i = new LoginFailureInfo();
      i.kind = e.kind();
      i.key = e.key();
      i.failures = e.failures();
      i.lastFailure = e.lastFailure();
      i.blockedUntil = e.blockedUntil();
      i.locked = e.locked();
      r.entry.add(i);
    }
    return r;
  }

  @Override
  public ClearLoginFailuresResponse clearLoginFailures(ClearLoginFailures request)
      throws InstrumentElementFault {
    ClearLoginFailuresResponse r = new ClearLoginFailuresResponse();
    r.cleared = loginThrottle().clear(request == null ? null : request.key);
    return r;
  }

  /** The login throttle, for an admin of the whole element. */
  private LoginThrottle loginThrottle() throws InstrumentElementFault {
    try {
      access.checkRole(caller.get(), Role.ADMIN, Grant.EVERYTHING);
    } catch (ImException e) {
      throw InstrumentElementFault.of(e, null, null);
    }
    if (access.logins() == null) {
      throw InstrumentElementFault.of(
          new ImException(ErrorCode.NOT_AUTHORIZED, "access control is off: no logins to list"),
          null,
          null);
    }
    return access.logins().throttle();
  }
}
