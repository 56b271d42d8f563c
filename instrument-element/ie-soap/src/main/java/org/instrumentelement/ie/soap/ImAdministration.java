package org.instrumentelement.ie.soap;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.instrumentelement.ie.alarm.Alarms;
import org.instrumentelement.ie.config.ConfigException;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.ie.element.ImNode;
import org.instrumentelement.ie.monitoring.ImMeters;
import org.instrumentelement.ie.monitoring.Monitoring;
import org.instrumentelement.ie.monitoring.SubscriptionMeters;
import org.instrumentelement.ie.pubsub.Publishing;
import org.instrumentelement.ie.security.AccessControl;
import org.instrumentelement.ie.security.Grant;
import org.instrumentelement.ie.security.Role;
import org.instrumentelement.ie.soap.types.AddInstrumentManager;
import org.instrumentelement.ie.soap.types.AddInstrumentManagerResponse;
import org.instrumentelement.ie.soap.types.ImSummary;
import org.instrumentelement.ie.soap.types.RemoveInstrumentManager;
import org.instrumentelement.ie.soap.types.RemoveInstrumentManagerResponse;
import org.instrumentelement.ie.soap.types.Setting;
import org.instrumentelement.im.model.ImException;

/**
 * IMs added and removed at run time, by an administrator of the whole element: built as the
 * configuration builds them, sampled on their topics, checked against their alarm limits and
 * counted on {@code /metrics} at once, kept across restarts; removed, all of that goes. Access
 * rules name IM paths, so they apply to an added IM as to a configured one.
 */
final class ImAdministration {
  /** The most settings one request may carry besides its named fields. */
  static final int MAX_SETTINGS = 64;

  private final ElementView view;
  private final AccessControl access;
  private final Publishing publishing;
  private final Alarms alarms;
  private final Monitoring monitoring;
  private final FreshReads fresh;

  /**
   * @param publishing the samplers and topics an added IM's subscribable attributes get, or null
   * @param alarms the alarms an added IM's limits and state raise, or null
   * @param monitoring where an added IM's figures go on {@code /metrics}, or null
   * @param fresh the reads kept for polls with maxAge, which forget a removed IM
   */
  ImAdministration(
      ElementView view,
      AccessControl access,
      Publishing publishing,
      Alarms alarms,
      Monitoring monitoring,
      FreshReads fresh) {
    this.view = view;
    this.access = access;
    this.publishing = publishing;
    this.alarms = alarms;
    this.monitoring = monitoring;
    this.fresh = fresh;
  }

  AddInstrumentManagerResponse addInstrumentManager(AddInstrumentManager request)
      throws InstrumentElementFault {
    checkAdminOfEverything();
    String name = ElementView.required(request == null ? null : request.name, "name").strip();
    List<Setting> more = request.setting == null ? List.of() : request.setting;
    if (more.size() > MAX_SETTINGS) {
      throw InstrumentElementFault.of(
          FaultCode.REQUEST_TOO_LARGE, "at most " + MAX_SETTINGS + " settings in one request");
    }
    Map<String, String> settings = new LinkedHashMap<>();
    put(settings, "type", request.type);
    put(settings, "descriptor", request.descriptor);
    put(settings, "address", request.address);
    put(settings, "description", request.description);
    if (!settings.containsKey("type") && settings.containsKey("descriptor")) {
      settings.put("type", "scpi");
    }
    for (Setting s : more) {
      String key = ElementView.required(s == null ? null : s.name, "setting name").strip();
      if (settings.containsKey(key)) {
        throw InstrumentElementFault.of(
            FaultCode.INVALID_VALUE, "the setting '" + key + "' is given twice");
      }
      settings.put(key, s.value == null ? "" : s.value.strip());
    }
    ImNode n;
    try {
      n = view.ie().add(name, settings);
    } catch (ImException e) {
      throw InstrumentElementFault.of(e, name, null);
    }
    try {
      if (publishing != null && publishing.subscriptions() != null) {
        publishing.subscriptions().add(n);
      }
      if (alarms != null) {
        alarms.add(n);
      }
    } catch (ConfigException | RuntimeException e) {
      forget(n.path());
      try {
        view.ie().remove(n.path());
      } catch (ImException gone) {
        // removed already
      }
      throw InstrumentElementFault.of(FaultCode.INVALID_VALUE, e.getMessage());
    }
    if (monitoring != null) {
      // Its figures on /metrics at once, as a configured IM's.
      monitoring.bind(new ImMeters(List.of(n)));
      if (publishing != null && publishing.subscriptions() != null) {
        monitoring.bind(new SubscriptionMeters(publishing, n.path()));
      }
    }
    AddInstrumentManagerResponse r = new AddInstrumentManagerResponse();
    ImSummary s = new ImSummary();
    s.path = n.path();
    s.name = n.config().name();
    s.type = n.im().model().type();
    s.description = n.config().description();
    s.state = n.im().state();
    r.instrumentManager = s;
    r.configuration = new ArrayList<>();
    settings.forEach((k, v) -> r.configuration.add("im." + name + "." + k + " = " + v));
    return r;
  }

  RemoveInstrumentManagerResponse removeInstrumentManager(RemoveInstrumentManager request)
      throws InstrumentElementFault {
    checkAdminOfEverything();
    String path = ElementView.required(request == null ? null : request.im, "im");
    ImNode n = view.node(path);
    if (!view.ie().addedAtRunTime(n.path())) {
      throw InstrumentElementFault.of(
          FaultCode.INVALID_VALUE,
          path + " is in the configuration: only IMs added at run time can be removed");
    }
    if (publishing != null && publishing.subscriptions() != null) {
      publishing.subscriptions().remove(n.path());
    }
    try {
      view.ie().remove(n.path());
    } catch (ImException e) {
      throw view.fault(e, path, null);
    }
    forget(n.path());
    fresh.forget(n.im());
    RemoveInstrumentManagerResponse r = new RemoveInstrumentManagerResponse();
    r.removed = true;
    return r;
  }

  /** Takes away the samplers, alarms and meters of an IM that is gone (or never was). */
  private void forget(String path) {
    if (publishing != null && publishing.subscriptions() != null) {
      publishing.subscriptions().remove(path);
    }
    if (alarms != null) {
      alarms.remove(path);
    }
    if (monitoring != null) {
      monitoring.forgetIm(path);
    }
  }

  private static void put(Map<String, String> settings, String key, String value) {
    if (value != null && !value.isBlank()) {
      settings.put(key, value.strip());
    }
  }

  private void checkAdminOfEverything() throws InstrumentElementFault {
    try {
      access.checkRole(view.caller(), Role.ADMIN, Grant.EVERYTHING);
    } catch (ImException e) {
      throw InstrumentElementFault.of(e, null, null);
    }
  }
}
