package org.instrumentelement.ie.soap;

import java.util.ArrayList;
import java.util.Map;
import org.instrumentelement.ie.provenance.ProvenanceChange;
import org.instrumentelement.ie.provenance.ProvenanceLogs;
import org.instrumentelement.ie.provenance.ProvenanceRecord;
import org.instrumentelement.ie.soap.types.GetProvenance;
import org.instrumentelement.ie.soap.types.GetProvenanceResponse;
import org.instrumentelement.ie.soap.types.ParameterChangeInfo;
import org.instrumentelement.ie.soap.types.ParameterValue;
import org.instrumentelement.ie.soap.types.ProvenanceInfo;
import org.instrumentelement.im.model.ImException;

/** getProvenance: what the provenance revision a value carries stands for. */
final class ProvenanceOperations {
  private final ElementView view;

  ProvenanceOperations(ElementView view) {
    this.view = view;
  }

  GetProvenanceResponse getProvenance(GetProvenance request) throws InstrumentElementFault {
    String path = ElementView.required(request == null ? null : request.im, "im");
    view.node(path); // an unknown IM is refused as everywhere, naming only what the caller sees
    ProvenanceLogs logs = view.ie().provenance();
    ProvenanceRecord r;
    try {
      if (logs == null) {
        throw new ImException(
            org.instrumentelement.ie.contract.FaultCode.NOT_ALLOWED_IN_STATE,
            "the Instrument Element has not started");
      }
      r = logs.record(path, request.revision);
    } catch (ImException e) {
      throw view.fault(e, path, null);
    }
    GetProvenanceResponse response = new GetProvenanceResponse();
    response.provenance = info(r);
    return response;
  }

  private static ProvenanceInfo info(ProvenanceRecord r) {
    ProvenanceInfo p = new ProvenanceInfo();
    p.element = r.element();
    p.version = r.version();
    p.im = r.im();
    p.type = r.type();
    p.revision = r.revision();
    p.currentRevision = r.current();
    p.address = r.address();
    p.description = blankAsAbsent(r.description());
    p.identity = blankAsAbsent(r.identity());
    p.identityRevision = r.identityRevision() > 0 ? r.identityRevision() : null;
    p.descriptor = blankAsAbsent(r.descriptor());
    p.mockModel = blankAsAbsent(r.mockModel());
    p.parameter = new ArrayList<>(r.parameters().size());
    for (Map.Entry<String, String> e : r.parameters().entrySet()) {
      ParameterValue v = new ParameterValue();
      v.name = e.getKey();
      v.value = e.getValue();
      p.parameter.add(v);
    }
    p.change = new ArrayList<>(r.changes().size());
    for (ProvenanceChange c : r.changes()) {
      ParameterChangeInfo i = new ParameterChangeInfo();
      i.revision = c.revision();
      i.time = c.time();
      i.user = blankAsAbsent(c.user());
      i.source = c.source();
      i.parameter = c.parameter();
      i.oldValue = c.oldValue();
      i.newValue = c.newValue();
      p.change.add(i);
    }
    p.changesForgotten = r.changesForgotten();
    return p;
  }

  private static String blankAsAbsent(String s) {
    return s == null || s.isEmpty() ? null : s;
  }
}
