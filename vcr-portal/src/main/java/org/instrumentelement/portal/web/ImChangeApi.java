package org.instrumentelement.portal.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.instrumentelement.ie.client.soap.ExecuteCommand;
import org.instrumentelement.ie.client.soap.ExecuteCommandResponse;
import org.instrumentelement.ie.client.soap.SetAttribute;
import org.instrumentelement.ie.client.soap.SetParameter;
import org.instrumentelement.ie.client.soap.Value;
import org.instrumentelement.ie.client.soap.ValueType;
import org.instrumentelement.portal.auth.Credentials;
import org.instrumentelement.portal.ie.ElementDirectory;
import org.instrumentelement.portal.ie.PortalError;
import org.instrumentelement.portal.ie.RemoteElement;
import org.instrumentelement.portal.ie.ValueText;
import org.instrumentelement.portal.trace.TraceHub;

/**
 * What an operator changes on an IM: parameters, writable attributes and commands, as the signed-in
 * user, with the values read from the text typed in the panel.
 */
final class ImChangeApi {
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private final ElementDirectory directory;
  private final TraceHub hub;

  /**
   * @param hub told of changes, so that live traces follow the IM's new settings
   */
  ImChangeApi(ElementDirectory directory, TraceHub hub) {
    this.directory = directory;
    this.hub = hub;
  }

  /**
   * {@code POST parameter {ie, im, parameter, type, value}}: sets a parameter from the text typed.
   */
  JsonNode setParameter(ApiRequest request) throws PortalError {
    Credentials who = request.who();
    JsonNode body = request.body();
    RemoteElement e = request.element(directory);
    String im = ApiRequest.required(body, "im");
    String parameter = ApiRequest.required(body, "parameter");
    SetParameter q = new SetParameter();
    q.setIm(im);
    q.setParameter(parameter);
    q.setValue(typedValue(body, parameter));
    Value now = e.callAs(who, p -> p.setParameter(q)).getValue();
    hub.imChanged(e.name(), im);
    return written("parameter", parameter, now);
  }

  /** {@code POST attribute {ie, im, attribute, type, value}}: writes a writable attribute. */
  JsonNode setAttribute(ApiRequest request) throws PortalError {
    Credentials who = request.who();
    JsonNode body = request.body();
    RemoteElement e = request.element(directory);
    String im = ApiRequest.required(body, "im");
    String attribute = ApiRequest.required(body, "attribute");
    SetAttribute q = new SetAttribute();
    q.setIm(im);
    q.setAttribute(attribute);
    q.setValue(typedValue(body, attribute));
    Value now = e.callAs(who, p -> p.setAttribute(q)).getValue();
    return written("attribute", attribute, now);
  }

  /** The value typed for {@code item}: {@code value} read as the item's {@code type}. */
  private static Value typedValue(JsonNode body, String item) throws PortalError {
    ValueType type;
    try {
      type = ValueType.valueOf(ApiRequest.required(body, "type"));
    } catch (IllegalArgumentException ex) {
      throw new PortalError("BAD_REQUEST", "unknown type", item, 400);
    }
    return ValueText.parse(type, body.path("value").asText(""), item);
  }

  private static ObjectNode written(String kind, String name, Value now) {
    ObjectNode o = JSON.objectNode();
    o.put(kind, name);
    o.putPOJO("value", ValueText.plain(now));
    o.put("units", now.getUnits());
    return o;
  }

  /**
   * {@code POST command {ie, im, command, arguments?: [{name, type, value}]}}: executes a command
   * with the arguments typed (an argument left empty takes its default).
   */
  JsonNode command(ApiRequest request) throws PortalError {
    Credentials who = request.who();
    JsonNode body = request.body();
    RemoteElement e = request.element(directory);
    String im = ApiRequest.required(body, "im");
    ExecuteCommand q = new ExecuteCommand();
    q.setIm(im);
    q.setCommand(ApiRequest.required(body, "command"));
    for (JsonNode a : body.path("arguments")) {
      String name = ApiRequest.required(a, "name");
      if (a.path("value").asText("").isBlank()) {
        continue; // the IE applies the default, or says the argument is missing
      }
      Value v = typedValue(a, name);
      v.setName(name);
      q.getArgument().add(v);
    }
    ExecuteCommandResponse r;
    try {
      r = e.callAs(who, p -> p.executeCommand(q));
    } finally {
      directory.refreshSoon(e); // states in the tree change with commands, refused or not
    }
    hub.imChanged(e.name(), im);
    ObjectNode o = JSON.objectNode();
    o.put("state", r.getState());
    o.putPOJO("result", ValueText.plain(r.getResult()));
    if (r.getStatus() != null) {
      o.set("run", CommandRuns.json(r.getStatus())); // a long-running command, under way
    }
    return o;
  }
}
