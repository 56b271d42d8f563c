package org.instrumentelement.ie.soap;

import java.util.ArrayList;
import org.instrumentelement.ie.element.ImNode;
import org.instrumentelement.ie.monitoring.Monitoring;
import org.instrumentelement.ie.security.Caller;
import org.instrumentelement.ie.security.Role;
import org.instrumentelement.ie.soap.types.GetStatus;
import org.instrumentelement.ie.soap.types.GetStatusResponse;
import org.instrumentelement.ie.soap.types.ImStatus;
import org.instrumentelement.ie.soap.types.OperationStatus;
import org.instrumentelement.ie.soap.types.StatusInfo;
import org.instrumentelement.im.model.States;

/** The element's health and figures, and the state of every IM the caller may observe. */
final class StatusOperations {
  private final ElementView view;
  private final Monitoring monitoring;

  StatusOperations(ElementView view, Monitoring monitoring) {
    this.view = view;
    this.monitoring = monitoring;
  }

  GetStatusResponse getStatus(GetStatus request) {
    StatusInfo st = new StatusInfo();
    st.ready = monitoring.ready();
    st.brokerConnected = monitoring.brokerConnected();
    st.uptimeMillis = monitoring.uptime().toMillis();
    st.processCpuMillis = monitoring.processCpuNanos() / 1_000_000;
    st.heapUsedBytes = monitoring.heapUsedBytes();
    st.instrumentManager = new ArrayList<>();
    Caller c = view.caller();
    for (ImNode n : view.ie().nodes()) {
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
}
