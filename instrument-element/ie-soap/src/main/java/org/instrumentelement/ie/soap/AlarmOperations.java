package org.instrumentelement.ie.soap;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.instrumentelement.ie.alarm.Alarm;
import org.instrumentelement.ie.alarm.Alarms;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.ie.security.Caller;
import org.instrumentelement.ie.security.Role;
import org.instrumentelement.ie.soap.types.AcknowledgeAlarm;
import org.instrumentelement.ie.soap.types.AcknowledgeAlarmResponse;
import org.instrumentelement.ie.soap.types.AlarmInfo;
import org.instrumentelement.ie.soap.types.AlarmLimitsInfo;
import org.instrumentelement.ie.soap.types.ConfigureAlarmLimits;
import org.instrumentelement.ie.soap.types.ConfigureAlarmLimitsResponse;
import org.instrumentelement.ie.soap.types.ListAlarmLimits;
import org.instrumentelement.ie.soap.types.ListAlarmLimitsResponse;
import org.instrumentelement.ie.soap.types.ListAlarms;
import org.instrumentelement.ie.soap.types.ListAlarmsResponse;
import org.instrumentelement.im.alarm.AlarmLimits;
import org.instrumentelement.im.alarm.Statistic;
import org.instrumentelement.im.model.ImException;

/** The active alarms, their acknowledgement, and the alarm limits of attributes. */
final class AlarmOperations {
  /** Longest delay accepted for an alarm. */
  static final long MAX_DELAY_MILLIS = 86_400_000L;

  private final ElementView view;
  private final Alarms alarms;

  AlarmOperations(ElementView view, Alarms alarms) {
    this.view = view;
    this.alarms = alarms;
  }

  ListAlarmsResponse listAlarms(ListAlarms request) throws InstrumentElementFault {
    String subtree = subtree(request == null ? null : request.im);
    ListAlarmsResponse r = new ListAlarmsResponse();
    r.alarm = new ArrayList<>();
    Caller c = view.caller();
    for (Alarm a : alarms.board().active()) {
      if (within(a.im(), subtree) && c.may(Role.OBSERVE, a.im())) {
        r.alarm.add(info(a));
      }
    }
    return r;
  }

  AcknowledgeAlarmResponse acknowledgeAlarm(AcknowledgeAlarm request)
      throws InstrumentElementFault {
    String id = ElementView.required(request == null ? null : request.id, "id");
    String im = request.targetIm();
    try {
      AcknowledgeAlarmResponse r = new AcknowledgeAlarmResponse();
      r.alarm = info(alarms.board().acknowledge(id, view.caller().name()));
      return r;
    } catch (ImException e) {
      throw view.fault(e, im, id);
    }
  }

  ConfigureAlarmLimitsResponse configureAlarmLimits(ConfigureAlarmLimits request)
      throws InstrumentElementFault {
    String path = ElementView.required(request == null ? null : request.im, "im");
    String name = ElementView.required(request.attribute, "attribute");
    view.node(path);
    try {
      Statistic statistic = Statistic.named(request.statistic);
      if (statistic == null) {
        throw new ImException(
            FaultCode.OUT_OF_RANGE,
            "statistic '"
                + InstrumentElementFault.quote(request.statistic, InstrumentElementFault.MAX_NAME)
                + "' is not one of min, max, mean, rms, peakToPeak");
      }
      for (Double d :
          new Double[] {
            request.lowAlarm,
            request.lowWarning,
            request.highWarning,
            request.highAlarm,
            request.hysteresis
          }) {
        if (d != null && !Double.isFinite(d)) {
          throw new ImException(FaultCode.INVALID_VALUE, "a limit must be a finite number");
        }
      }
      long delay = request.delayMillis == null ? 0 : request.delayMillis;
      if (delay < 0 || delay > MAX_DELAY_MILLIS) {
        throw new ImException(
            FaultCode.OUT_OF_RANGE,
            "delayMillis: " + delay + " is not in [0, " + MAX_DELAY_MILLIS + "]");
      }
      AlarmLimits limits;
      try {
        limits =
            new AlarmLimits(
                request.lowAlarm,
                request.lowWarning,
                request.highWarning,
                request.highAlarm,
                request.hysteresis == null ? 0 : request.hysteresis,
                Duration.ofMillis(delay));
      } catch (IllegalArgumentException e) {
        throw new ImException(FaultCode.OUT_OF_RANGE, e.getMessage());
      }
      alarms.configure(path, name, statistic, limits, view.caller().name());
      ConfigureAlarmLimitsResponse r = new ConfigureAlarmLimitsResponse();
      r.limits = infos(path, name, alarms.limits(path, name));
      return r;
    } catch (ImException e) {
      throw view.fault(e, path, name);
    }
  }

  ListAlarmLimitsResponse listAlarmLimits(ListAlarmLimits request) throws InstrumentElementFault {
    String subtree = subtree(request == null ? null : request.im);
    ListAlarmLimitsResponse r = new ListAlarmLimitsResponse();
    r.limits = new ArrayList<>();
    Caller c = view.caller();
    for (Map.Entry<String, Map<Statistic, AlarmLimits>> e : alarms.allLimits()) {
      int hash = e.getKey().lastIndexOf('#');
      String im = e.getKey().substring(0, hash);
      if (within(im, subtree) && c.may(Role.OBSERVE, im)) {
        r.limits.addAll(infos(im, e.getKey().substring(hash + 1), e.getValue()));
      }
    }
    return r;
  }

  /** The subtree a list is limited to (checked to exist), or null for all. */
  private String subtree(String im) throws InstrumentElementFault {
    if (im == null || im.isBlank()) {
      return null;
    }
    view.node(im);
    return im;
  }

  private static boolean within(String im, String subtree) {
    return subtree == null || im.equals(subtree) || im.startsWith(subtree + "/");
  }

  static AlarmInfo info(Alarm a) {
    AlarmInfo i = new AlarmInfo();
    i.id = a.id();
    i.im = a.im();
    i.name = a.name();
    i.kind = a.kind().name();
    i.severity = a.severity().name();
    i.attribute = a.attribute();
    i.value = Double.isNaN(a.value()) ? null : a.value();
    i.limit = a.limit() == null ? null : a.limit().configName();
    i.limitValue = a.limitValue();
    i.message = a.message();
    i.raised = a.raised();
    i.acknowledgedBy = a.acknowledgedBy();
    i.acknowledged = a.acknowledged();
    return i;
  }

  private static List<AlarmLimitsInfo> infos(
      String im, String attribute, Map<Statistic, AlarmLimits> limits) {
    List<AlarmLimitsInfo> out = new ArrayList<>();
    limits.forEach(
        (s, l) -> {
          AlarmLimitsInfo i = new AlarmLimitsInfo();
          i.im = im;
          i.attribute = attribute;
          i.statistic = s == Statistic.VALUE ? null : s.configName();
          i.lowAlarm = l.lowAlarm();
          i.lowWarning = l.lowWarning();
          i.highWarning = l.highWarning();
          i.highAlarm = l.highAlarm();
          i.hysteresis = l.hysteresis();
          i.delayMillis = l.delay().toMillis();
          out.add(i);
        });
    return out;
  }
}
