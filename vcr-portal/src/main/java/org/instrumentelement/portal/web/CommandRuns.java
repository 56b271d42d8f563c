package org.instrumentelement.portal.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.instrumentelement.ie.client.soap.CancelCommand;
import org.instrumentelement.ie.client.soap.CommandStatusInfo;
import org.instrumentelement.ie.client.soap.ListCommands;
import org.instrumentelement.portal.auth.Credentials;
import org.instrumentelement.portal.ie.ElementDirectory;
import org.instrumentelement.portal.ie.PortalError;
import org.instrumentelement.portal.ie.RemoteElement;

/**
 * The long-running commands of an IM as the panel shows them (a progress bar, a Cancel button), and
 * their cancel, as the signed-in user.
 */
final class CommandRuns {
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  /** Most runs an IM panel shows: the running ones and the newest ended. */
  static final int SHOWN = 3;

  private final ElementDirectory directory;

  CommandRuns(ElementDirectory directory) {
    this.directory = directory;
  }

  /**
   * The newest runs of {@code im} into {@code o.runs}; an IE that cannot tell (an older one, a
   * refusal) leaves the list empty with the reason in {@code o.runsError}.
   */
  static void addRuns(Credentials who, RemoteElement e, String im, ObjectNode o) {
    ArrayNode runs = o.putArray("runs");
    ListCommands q = new ListCommands();
    q.setIm(im);
    try {
      List<CommandStatusInfo> all = e.callAs(who, p -> p.listCommands(q)).getStatus();
      for (CommandStatusInfo s : all.subList(0, Math.min(SHOWN, all.size()))) {
        runs.add(json(s));
      }
    } catch (PortalError err) {
      o.put("runsError", err.code() + ": " + err.getMessage());
    }
  }

  /** {@code POST cancel {ie, im, commandId}}: asks the command to stop; answers its status. */
  JsonNode cancel(ApiRequest request) throws PortalError {
    Credentials who = request.who();
    JsonNode body = request.body();
    RemoteElement e = request.element(directory);
    CancelCommand q = new CancelCommand();
    q.setIm(ApiRequest.required(body, "im"));
    q.setCommandId(ApiRequest.required(body, "commandId"));
    CommandStatusInfo s = e.callAs(who, p -> p.cancelCommand(q)).getStatus();
    directory.refreshSoon(e);
    return json(s);
  }

  /** A status as the page reads it. */
  static ObjectNode json(CommandStatusInfo s) {
    ObjectNode n = JSON.objectNode();
    n.put("commandId", s.getCommandId());
    n.put("command", s.getCommand());
    n.put("state", s.getState() == null ? null : s.getState().name());
    n.put("progress", s.getProgress());
    n.put("text", s.getText());
    n.put("elapsedSeconds", s.getElapsedSeconds());
    if (s.getRemainingSeconds() != null) {
      n.put("remainingSeconds", s.getRemainingSeconds());
    }
    n.put("intermediateCount", s.getIntermediateCount());
    n.put("faultCode", s.getFaultCode());
    n.put("error", s.getError());
    n.put("cancelledBy", s.getCancelledBy());
    return n;
  }
}
