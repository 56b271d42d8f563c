package org.instrumentelement.portal.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.instrumentelement.ie.client.soap.AcknowledgeAlarm;
import org.instrumentelement.ie.client.soap.AlarmInfo;
import org.instrumentelement.ie.client.soap.ListAlarms;
import org.instrumentelement.portal.auth.Credentials;
import org.instrumentelement.portal.ie.ElementDirectory;
import org.instrumentelement.portal.ie.PortalError;
import org.instrumentelement.portal.ie.RemoteElement;

/**
 * The alarms of the IEs, as the signed-in user sees them (the IE lists only the alarms of the IMs
 * they may observe), and their acknowledgement in the user's name.
 */
final class AlarmApi {
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private final ElementDirectory directory;

  AlarmApi(ElementDirectory directory) {
    this.directory = directory;
  }

  /**
   * The active alarms of one IE as JSON, asked as {@code who}.
   *
   * @throws PortalError when the IE does not say (busy, away, or older than alarms): no alarms
   *     shown is then not the same as no alarms, and the operator is to be told
   */
  static ArrayNode alarms(RemoteElement e, Credentials who) throws PortalError {
    ArrayNode out = JSON.arrayNode();
    List<AlarmInfo> alarms = e.callAs(who, p -> p.listAlarms(new ListAlarms())).getAlarm();
    for (AlarmInfo a : alarms) {
      out.add(json(a));
    }
    return out;
  }

  private static ObjectNode json(AlarmInfo a) {
    ObjectNode o = JSON.objectNode();
    o.put("id", a.getId());
    o.put("im", a.getIm());
    o.put("name", a.getName());
    o.put("kind", a.getKind());
    o.put("severity", a.getSeverity());
    o.put("attribute", a.getAttribute());
    o.put("value", a.getValue());
    o.put("limit", a.getLimit());
    o.put("limitValue", a.getLimitValue());
    o.put("message", a.getMessage());
    o.put("raised", a.getRaised() == null ? null : a.getRaised().toString());
    o.put("acknowledgedBy", a.getAcknowledgedBy());
    return o;
  }

  /** {@code POST acknowledge {ie, id}}: acknowledges an alarm as the signed-in user. */
  JsonNode acknowledge(ApiRequest request) throws PortalError {
    Credentials who = request.who();
    RemoteElement e = request.element(directory);
    AcknowledgeAlarm q = new AcknowledgeAlarm();
    q.setId(ApiRequest.required(request.body(), "id"));
    return json(e.callAs(who, p -> p.acknowledgeAlarm(q)).getAlarm());
  }
}
