package org.instrumentelement.portal.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.instrumentelement.ie.client.soap.AddInstrumentManager;
import org.instrumentelement.ie.client.soap.AddInstrumentManagerResponse;
import org.instrumentelement.ie.client.soap.DiscoverInstruments;
import org.instrumentelement.ie.client.soap.DiscoverInstrumentsResponse;
import org.instrumentelement.ie.client.soap.DiscoveredInstrument;
import org.instrumentelement.ie.client.soap.IdentityMatchInfo;
import org.instrumentelement.portal.ie.ElementDirectory;
import org.instrumentelement.portal.ie.PortalError;
import org.instrumentelement.portal.ie.RemoteElement;

/**
 * The "Add instrument" page's calls: what an IE's discovery finds, and adding one as an IM at run
 * time, both in the signed-in user's name (the IE lets only an admin of everything do either).
 */
final class InstrumentsApi {
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private final ElementDirectory directory;

  InstrumentsApi(ElementDirectory directory) {
    this.directory = directory;
  }

  /**
   * {@code GET discover?ie=&network=&portmapperPort=&subnet=&timeoutMillis=}: the instruments the
   * IE finds on its networks (or the one of {@code network}, an address of the IE's host).
   */
  JsonNode discover(ApiRequest request) throws PortalError {
    RemoteElement e = request.element(directory);
    DiscoverInstruments q = new DiscoverInstruments();
    String network = request.field("network");
    if (network != null && !network.isBlank()) {
      q.getNetwork().add(network.strip());
    }
    String subnet = request.field("subnet");
    if (subnet != null && !subnet.isBlank()) {
      q.getSubnet().add(subnet.strip());
    }
    q.setPortmapperPort(number(request.field("portmapperPort"), "portmapperPort"));
    Integer timeout = number(request.field("timeoutMillis"), "timeoutMillis");
    q.setTimeoutMillis(timeout == null ? null : timeout.longValue());
    DiscoverInstrumentsResponse r = e.callAs(request.who(), p -> p.discoverInstruments(q));
    ObjectNode out = JSON.objectNode();
    ArrayNode instruments = out.putArray("instruments");
    for (DiscoveredInstrument i : r.getInstrument()) {
      ObjectNode o = instruments.addObject();
      o.put("host", i.getHost());
      o.put("identity", i.getIdentity());
      i.getResource().forEach(o.putArray("resources")::add);
      ArrayNode matches = o.putArray("matches");
      for (IdentityMatchInfo m : i.getMatch()) {
        matches.addObject().put("kind", m.getKind()).put("name", m.getName());
      }
      i.getConfiguration().forEach(o.putArray("configuration")::add);
      i.getNote().forEach(o.putArray("notes")::add);
    }
    r.getSearched().forEach(out.putArray("searched")::add);
    r.getProblem().forEach(out.putArray("problems")::add);
    out.put("tookMillis", r.getTookMillis());
    return out;
  }

  /** {@code POST addInstrument {ie, name, type?, descriptor?, address?}}: adds it as an IM. */
  JsonNode add(ApiRequest request) throws PortalError {
    RemoteElement e = request.element(directory);
    AddInstrumentManager q = new AddInstrumentManager();
    q.setName(ApiRequest.required(request.body(), "name"));
    q.setType(request.field("type"));
    q.setDescriptor(request.field("descriptor"));
    q.setAddress(request.field("address"));
    AddInstrumentManagerResponse r = e.callAs(request.who(), p -> p.addInstrumentManager(q));
    ObjectNode out = JSON.objectNode();
    out.put("path", r.getInstrumentManager().getPath());
    out.put("type", r.getInstrumentManager().getType());
    out.put("state", r.getInstrumentManager().getState());
    r.getConfiguration().forEach(out.putArray("configuration")::add);
    return out;
  }

  private static Integer number(String text, String name) throws PortalError {
    if (text == null || text.isBlank()) {
      return null;
    }
    try {
      return Integer.valueOf(text.strip());
    } catch (NumberFormatException ex) {
      throw new PortalError("BAD_REQUEST", "'" + name + "' is not a whole number", name, 400);
    }
  }
}
