package org.instrumentelement.portal.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.instrumentelement.ie.client.soap.ListInstrumentManagers;
import org.instrumentelement.portal.auth.Credentials;
import org.instrumentelement.portal.ie.ElementDirectory;
import org.instrumentelement.portal.ie.ElementStatus;
import org.instrumentelement.portal.ie.PortalError;
import org.instrumentelement.portal.ie.RemoteElement;
import org.instrumentelement.portal.mdns.FoundElements;

/**
 * {@code GET tree}: every IE with its reachability, the IMs the signed-in user may see and their
 * active alarms, and whether the user is an admin of the whole IE ({@link AdminRights}); with
 * {@code portal.mdns.browse}, the IEs announced over mDNS ({@link FoundElements}).
 */
final class TreeApi {
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private final ElementDirectory directory;
  private final AdminRights rights;
  private final FoundElements found;

  /**
   * @param found the IEs announced over mDNS, or null when the portal does not browse
   */
  TreeApi(ElementDirectory directory, AdminRights rights, FoundElements found) {
    this.directory = directory;
    this.rights = rights;
    this.found = found;
  }

  /**
   * Every IE with its reachability (from the portal's polling) and the IMs this user may see (from
   * the IE, asked as the user). The IMs the portal's own account polls are never shown: an IE that
   * does not answer the user (busy, away, refusing) shows none, with the reason; one whose alarms
   * the user cannot get says so under {@code alarmsError}.
   */
  JsonNode tree(ApiRequest request) throws PortalError {
    Credentials who = request.who();
    ObjectNode root = JSON.objectNode();
    ArrayNode list = root.putArray("elements");
    for (RemoteElement e : directory.elements()) {
      ElementStatus s = e.status();
      List<ElementStatus.Im> visible = List.of();
      String refusal = null;
      String alarmsError = null;
      ArrayNode alarms = JSON.arrayNode();
      AdminRights.Answer admin = null;
      if (s.reachable()) {
        try {
          visible =
              ElementStatus.ims(
                  e.callAs(who, p -> p.listInstrumentManagers(new ListInstrumentManagers()))
                      .getInstrumentManager());
        } catch (PortalError err) {
          refusal = err.code() + ": " + err.getMessage();
        }
        if (refusal == null) {
          try {
            alarms = AlarmApi.alarms(e, who);
          } catch (PortalError err) {
            alarmsError = err.code() + ": " + err.getMessage();
          }
          admin = rights.forTree(request.http().getSession(false), e, who);
        }
      }
      ObjectNode n = list.addObject();
      n.put("name", s.name());
      n.put("url", s.url());
      n.put("reachable", s.reachable());
      n.put("error", refusal == null ? s.error() : refusal);
      n.put("since", s.since() == null ? null : s.since().toString());
      n.put("checked", s.checked() == null ? null : s.checked().toString());
      ArrayNode ims = n.putArray("ims");
      for (ElementStatus.Im im : visible) {
        ObjectNode i = ims.addObject();
        i.put("path", im.path());
        i.put("name", im.name());
        i.put("parent", im.parent());
        i.put("type", im.type());
        i.put("description", im.description());
        i.put("state", im.state());
      }
      n.set("alarms", alarms);
      // The "Add instrument" link only for whom the IE says is an admin of all of it; unknown
      // (busy, away) is not.
      n.put("admin", admin != null && admin.admin());
      if (admin != null && !admin.admin()) {
        n.put("adminReason", admin.reason());
      }
      if (alarmsError != null) {
        n.put("alarmsError", alarmsError);
      }
    }
    if (found != null) {
      root.set("found", foundJson(found.snapshot()));
    }
    return root;
  }

  /** The IEs found over mDNS, each with its name, host, port and endpoint. */
  private static ObjectNode foundJson(FoundElements.Snapshot s) {
    ObjectNode o = JSON.objectNode();
    ArrayNode list = o.putArray("elements");
    for (FoundElements.Found f : s.elements()) {
      list.addObject()
          .put("ie", f.ie())
          .put("instance", f.instance())
          .put("host", f.host())
          .put("port", f.port())
          .put("endpoint", f.endpoint())
          .put("network", f.network())
          .put("heard", f.heard().toString());
    }
    o.put("ignored", s.ignored());
    ArrayNode problems = o.putArray("problems");
    s.problems().forEach(problems::add);
    o.put("moreProblems", s.moreProblems());
    ArrayNode networks = o.putArray("networks");
    s.networks().forEach(networks::add);
    return o;
  }
}
