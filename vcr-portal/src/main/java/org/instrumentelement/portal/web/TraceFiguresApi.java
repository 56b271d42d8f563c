package org.instrumentelement.portal.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.instrumentelement.ie.client.soap.ImSummary;
import org.instrumentelement.ie.client.soap.ListInstrumentManagers;
import org.instrumentelement.portal.auth.Credentials;
import org.instrumentelement.portal.ie.ElementDirectory;
import org.instrumentelement.portal.ie.PortalError;
import org.instrumentelement.portal.ie.RemoteElement;
import org.instrumentelement.portal.trace.TraceHub;
import org.instrumentelement.portal.trace.TraceStatistics;

/**
 * {@code GET traces}: the live traces' figures, with only the traces of IMs the signed-in user may
 * observe (which traces others watch is theirs to know). Each IE with watched traces is asked, as
 * the user, which IMs they may observe; an IE that does not say (busy, away) shows none of its
 * traces, and the answer says why under {@code unlisted}. The totals over all viewers name no
 * trace.
 */
final class TraceFiguresApi {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final ElementDirectory directory;
  private final TraceHub hub;

  TraceFiguresApi(ElementDirectory directory, TraceHub hub) {
    this.directory = directory;
    this.hub = hub;
  }

  JsonNode figures(ApiRequest request) throws PortalError {
    Credentials who = request.who();
    TraceStatistics all = hub.statistics();
    Set<String> elements =
        all.traces().stream()
            .map(TraceStatistics.Trace::ie)
            .collect(Collectors.toCollection(LinkedHashSet::new));
    Map<String, Set<String>> observable = new HashMap<>();
    ObjectNode unlisted = JSON.createObjectNode();
    for (String name : elements) {
      RemoteElement e = directory.element(name);
      try {
        if (e == null) {
          throw new PortalError(
              "UNKNOWN_IE", "no Instrument Element named '" + name + "'", null, 404);
        }
        observable.put(
            name,
            e
                .callAs(who, p -> p.listInstrumentManagers(new ListInstrumentManagers()))
                .getInstrumentManager()
                .stream()
                .map(ImSummary::getPath)
                .collect(Collectors.toSet()));
      } catch (PortalError err) {
        unlisted.put(name, err.code() + ": " + err.getMessage());
      }
    }
    TraceStatistics mine =
        all.only(t -> observable.getOrDefault(t.ie(), Set.of()).contains(t.im()));
    ObjectNode o = JSON.valueToTree(mine);
    if (!unlisted.isEmpty()) {
      o.set("unlisted", unlisted);
    }
    return o;
  }
}
