package org.instrumentelement.ie.soap;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.instrumentelement.ie.config.ConfigException;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.ie.element.ImNode;
import org.instrumentelement.ie.pubsub.Subscriptions;
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
 * configuration builds them, sampled on their topics at once, kept across restarts. Access rules
 * name IM paths, so they apply to an added IM as to a configured one.
 */
final class ImAdministration {
  /** The most settings one request may carry besides its named fields. */
  static final int MAX_SETTINGS = 64;

  private final ElementView view;
  private final AccessControl access;
  private final Subscriptions subscriptions;

  ImAdministration(ElementView view, AccessControl access, Subscriptions subscriptions) {
    this.view = view;
    this.access = access;
    this.subscriptions = subscriptions;
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
      if (subscriptions != null) {
        subscriptions.add(n);
      }
    } catch (ConfigException e) {
      try {
        view.ie().remove(n.path());
      } catch (ImException gone) {
        // removed already
      }
      throw InstrumentElementFault.of(FaultCode.INVALID_VALUE, e.getMessage());
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
    if (subscriptions != null) {
      subscriptions.remove(n.path());
    }
    try {
      view.ie().remove(n.path());
    } catch (ImException e) {
      throw view.fault(e, path, null);
    }
    RemoveInstrumentManagerResponse r = new RemoveInstrumentManagerResponse();
    r.removed = true;
    return r;
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
