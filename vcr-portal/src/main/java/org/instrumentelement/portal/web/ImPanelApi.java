package org.instrumentelement.portal.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.instrumentelement.ie.client.soap.ArgumentInfo;
import org.instrumentelement.ie.client.soap.AttributeInfo;
import org.instrumentelement.ie.client.soap.CommandInfo;
import org.instrumentelement.ie.client.soap.DescribeInstrumentManager;
import org.instrumentelement.ie.client.soap.GetAttributes;
import org.instrumentelement.ie.client.soap.ImDescription;
import org.instrumentelement.ie.client.soap.ItemInfo;
import org.instrumentelement.ie.client.soap.ParameterInfo;
import org.instrumentelement.ie.client.soap.Value;
import org.instrumentelement.ie.client.soap.ValueType;
import org.instrumentelement.portal.auth.Credentials;
import org.instrumentelement.portal.ie.ElementDirectory;
import org.instrumentelement.portal.ie.PortalError;
import org.instrumentelement.portal.ie.RemoteElement;
import org.instrumentelement.portal.ie.ValueText;

/** {@code GET im}: one IM as its panel shows it, asked of the IE as the signed-in user. */
final class ImPanelApi {
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private final ElementDirectory directory;

  ImPanelApi(ElementDirectory directory) {
    this.directory = directory;
  }

  /**
   * {@code GET im?ie=&im=}: an IM's description with the current values of its scalar attributes
   * and which commands and parameters its state allows.
   */
  JsonNode describe(ApiRequest request) throws PortalError {
    Credentials who = request.who();
    RemoteElement e = request.element(directory);
    String im = request.field("im");
    if (im == null || im.isBlank()) {
      throw new PortalError("BAD_REQUEST", "which IM? (im=...)", null, 400);
    }
    DescribeInstrumentManager q = new DescribeInstrumentManager();
    q.setIm(im);
    ImDescription d = e.callAs(who, p -> p.describeInstrumentManager(q)).getDescription();
    String state = d.getState();
    ObjectNode o = JSON.objectNode();
    o.put("ie", e.name());
    o.put("path", d.getPath());
    o.put("name", d.getName());
    o.put("type", d.getType());
    o.put("description", d.getDescription());
    o.put("address", d.getAddress());
    o.put("state", state);
    o.put("lastError", d.getLastError());
    o.putPOJO("states", d.getStateName());
    o.putPOJO("children", d.getChild());
    ArrayNode params = o.putArray("parameters");
    for (ParameterInfo p : d.getParameter()) {
      ObjectNode n = item(params.addObject(), p);
      n.putPOJO("value", ValueText.plain(p.getValue()));
      n.putPOJO("settableIn", p.getSettableIn());
      n.put("settable", p.getSettableIn().contains(state));
    }
    ArrayNode attrs = o.putArray("attributes");
    List<String> readNow = new ArrayList<>();
    for (AttributeInfo a : d.getAttribute()) {
      ObjectNode n = item(attrs.addObject(), a);
      boolean vector = a.getType() == ValueType.DOUBLE_ARRAY;
      boolean readable = a.getReadableIn().contains(state);
      n.put("vector", vector);
      n.put("subscribable", a.isSubscribable());
      n.put("writable", a.isWritable());
      n.put("readable", readable);
      n.putPOJO("readableIn", a.getReadableIn());
      n.putPOJO("writableIn", a.getWritableIn());
      n.put("settable", a.isWritable() && a.getWritableIn().contains(state));
      if (readable && !vector) {
        readNow.add(a.getName());
      }
    }
    ArrayNode commands = o.putArray("commands");
    for (CommandInfo c : d.getCommand()) {
      ObjectNode n = commands.addObject();
      n.put("name", c.getName());
      n.put("description", c.getDescription());
      n.putPOJO("allowedIn", c.getAllowedIn());
      n.put("allowed", c.getAllowedIn().contains(state));
      n.put("targetState", c.getTargetState());
      n.put("runningState", c.getRunningState());
      ArrayNode args = n.putArray("arguments");
      for (ArgumentInfo a : c.getArgument()) {
        ObjectNode an = item(args.addObject(), a);
        an.put("required", a.isRequired());
        an.putPOJO("default", ValueText.plain(a.getDefaultValue()));
      }
    }
    if (!readNow.isEmpty()) {
      readValues(who, e, im, readNow, attrs, o);
    }
    if (d.getCommand().stream().anyMatch(c -> c.getRunningState() != null)) {
      CommandRuns.addRuns(who, e, im, o);
    }
    return o;
  }

  /** Adds the current values of {@code names}; a failed read is reported, not fatal. */
  private static void readValues(
      Credentials who,
      RemoteElement e,
      String im,
      List<String> names,
      ArrayNode attrs,
      ObjectNode o) {
    GetAttributes g = new GetAttributes();
    g.setIm(im);
    g.getAttribute().addAll(names);
    try {
      List<Value> values = e.callAs(who, p -> p.getAttributes(g)).getValue();
      for (JsonNode n : attrs) {
        for (Value v : values) {
          if (n.path("name").asText().equals(v.getName())) {
            ((ObjectNode) n).putPOJO("value", ValueText.plain(v));
            ((ObjectNode) n).put("quality", v.getQuality() == null ? null : v.getQuality().name());
          }
        }
      }
    } catch (PortalError err) {
      o.put("valuesError", err.code() + ": " + err.getMessage());
    }
  }

  private static ObjectNode item(ObjectNode n, ItemInfo i) {
    n.put("name", i.getName());
    n.put("type", i.getType() == null ? null : i.getType().name());
    n.put("units", i.getUnits());
    n.put("description", i.getDescription());
    if (i.getMinimum() != null) {
      n.put("min", i.getMinimum());
    }
    if (i.getMaximum() != null) {
      n.put("max", i.getMaximum());
    }
    if (!i.getChoice().isEmpty()) {
      n.putPOJO("choices", i.getChoice());
    }
    return n;
  }
}
