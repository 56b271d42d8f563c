package org.instrumentelement.portal.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.instrumentelement.ie.client.soap.AttributeInfo;
import org.instrumentelement.ie.client.soap.CommandInfo;
import org.instrumentelement.ie.client.soap.DescribeInstrumentManager;
import org.instrumentelement.ie.client.soap.ExecuteCommand;
import org.instrumentelement.ie.client.soap.ExecuteCommandResponse;
import org.instrumentelement.ie.client.soap.GetAttributes;
import org.instrumentelement.ie.client.soap.ImDescription;
import org.instrumentelement.ie.client.soap.ItemInfo;
import org.instrumentelement.ie.client.soap.ParameterInfo;
import org.instrumentelement.ie.client.soap.SetParameter;
import org.instrumentelement.ie.client.soap.Value;
import org.instrumentelement.ie.client.soap.ValueType;
import org.instrumentelement.portal.auth.SignInFilter;
import org.instrumentelement.portal.auth.UserStore;
import org.instrumentelement.portal.ie.ElementDirectory;
import org.instrumentelement.portal.ie.ElementStatus;
import org.instrumentelement.portal.ie.PortalError;
import org.instrumentelement.portal.ie.RemoteElement;
import org.instrumentelement.portal.ie.ValueText;
import org.instrumentelement.portal.trace.TraceHub;

/**
 * The page's JSON API, at {@code /api/*}:
 *
 * <ul>
 *   <li>{@code POST signin {user, password}}, {@code POST signout}, {@code GET session}
 *   <li>{@code GET tree}: every IE with its reachability and IMs (from the last poll)
 *   <li>{@code GET im?ie=&im=}: an IM's description with the current values of its scalar
 *       attributes and which commands and parameters its state allows
 *   <li>{@code POST parameter {ie, im, parameter, value}}: sets a parameter from the text typed
 *   <li>{@code POST command {ie, im, command}}: executes a command
 * </ul>
 *
 * Errors are {@code {"error": {code, message, item}}}: the IE's fault code and message when the IE
 * refused. POST bodies must be JSON: a form on another site cannot send that without the browser
 * asking first, which keeps cross-site requests out.
 */
public final class ApiServlet extends HttpServlet {
  private static final long serialVersionUID = 1L;
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Largest request body: a call is a few names and a value; sign-in is open to anyone. */
  static final int MAX_BODY_BYTES = 16 * 1024;

  private final transient ElementDirectory directory;
  private final transient TraceHub hub;
  private final transient UserStore users;

  public ApiServlet(ElementDirectory directory, TraceHub hub, UserStore users) {
    this.directory = directory;
    this.hub = hub;
    this.users = users;
  }

  @Override
  protected void doGet(HttpServletRequest req, HttpServletResponse res) throws IOException {
    try {
      switch (op(req)) {
        case "session" -> session(req, res);
        case "tree" -> write(res, tree());
        case "im" -> write(res, describe(element(req.getParameter("ie")), req.getParameter("im")));
        default -> throw notFound();
      }
    } catch (PortalError e) {
      error(res, e);
    }
  }

  @Override
  protected void doPost(HttpServletRequest req, HttpServletResponse res) throws IOException {
    String type = req.getContentType();
    if (type == null || !type.toLowerCase().startsWith("application/json")) {
      error(
          res,
          new PortalError("BAD_REQUEST", "send JSON (Content-Type: application/json)", null, 415));
      return;
    }
    try {
      byte[] raw = req.getInputStream().readNBytes(MAX_BODY_BYTES + 1);
      if (raw.length > MAX_BODY_BYTES) {
        throw new PortalError("BAD_REQUEST", "request body too large", null, 413);
      }
      JsonNode body = JSON.readTree(raw);
      if (body == null || !body.isObject()) {
        throw new PortalError("BAD_REQUEST", "the body must be a JSON object", null, 400);
      }
      switch (op(req)) {
        case "signin" -> signIn(req, res, body);
        case "signout" -> {
          HttpSession s = req.getSession(false);
          if (s != null) {
            s.invalidate();
          }
          write(res, JSON.createObjectNode());
        }
        case "parameter" -> write(res, setParameter(body));
        case "command" -> write(res, command(body));
        default -> throw notFound();
      }
    } catch (PortalError e) {
      error(res, e);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      error(res, new PortalError("BAD_REQUEST", "malformed JSON", null, 400));
    }
  }

  private static String op(HttpServletRequest req) {
    String p = req.getPathInfo();
    return p == null ? "" : p.substring(1);
  }

  private static PortalError notFound() {
    return new PortalError("NOT_FOUND", "no such API call", null, 404);
  }

  private void session(HttpServletRequest req, HttpServletResponse res) throws IOException {
    ObjectNode o = JSON.createObjectNode();
    o.put("user", SignInFilter.user(req.getSession(false)));
    o.put("development", users.isDevelopment());
    write(res, o);
  }

  private void signIn(HttpServletRequest req, HttpServletResponse res, JsonNode body)
      throws IOException, PortalError {
    String user = body.path("user").asText("").trim();
    char[] password = body.path("password").asText("").toCharArray();
    if (!users.authenticate(user, password)) {
      throw new PortalError("SIGN_IN", "Unknown user or wrong password", null, 401);
    }
    HttpSession old = req.getSession(false);
    if (old != null) {
      old.invalidate(); // a new session id on sign-in: no fixation
    }
    req.getSession(true).setAttribute(SignInFilter.USER, user);
    ObjectNode o = JSON.createObjectNode();
    o.put("user", user);
    write(res, o);
  }

  private RemoteElement element(String name) throws PortalError {
    RemoteElement e = name == null ? null : directory.element(name);
    if (e == null) {
      throw new PortalError("UNKNOWN_IE", "no Instrument Element named '" + name + "'", null, 404);
    }
    return e;
  }

  private ObjectNode tree() {
    ObjectNode root = JSON.createObjectNode();
    ArrayNode list = root.putArray("elements");
    for (RemoteElement e : directory.elements()) {
      ElementStatus s = e.status();
      ObjectNode n = list.addObject();
      n.put("name", s.name());
      n.put("url", s.url());
      n.put("reachable", s.reachable());
      n.put("error", s.error());
      n.put("since", s.since() == null ? null : s.since().toString());
      n.put("checked", s.checked() == null ? null : s.checked().toString());
      ArrayNode ims = n.putArray("ims");
      for (ElementStatus.Im im : s.ims()) {
        ObjectNode i = ims.addObject();
        i.put("path", im.path());
        i.put("name", im.name());
        i.put("parent", im.parent());
        i.put("type", im.type());
        i.put("description", im.description());
        i.put("state", im.state());
      }
    }
    return root;
  }

  private ObjectNode describe(RemoteElement e, String im) throws PortalError {
    if (im == null || im.isBlank()) {
      throw new PortalError("BAD_REQUEST", "which IM? (im=...)", null, 400);
    }
    DescribeInstrumentManager q = new DescribeInstrumentManager();
    q.setIm(im);
    ImDescription d = e.call(p -> p.describeInstrumentManager(q)).getDescription();
    String state = d.getState();
    ObjectNode o = JSON.createObjectNode();
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
      n.put("needsArguments", c.getArgument().stream().anyMatch(a -> a.isRequired()));
    }
    if (!readNow.isEmpty()) {
      readValues(e, im, readNow, attrs, o);
    }
    return o;
  }

  /** Adds the current values of {@code names}; a failed read is reported, not fatal. */
  private static void readValues(
      RemoteElement e, String im, List<String> names, ArrayNode attrs, ObjectNode o) {
    GetAttributes g = new GetAttributes();
    g.setIm(im);
    g.getAttribute().addAll(names);
    try {
      List<Value> values = e.call(p -> p.getAttributes(g)).getValue();
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

  private ObjectNode setParameter(JsonNode body) throws PortalError {
    RemoteElement e = element(body.path("ie").asText(null));
    String im = required(body, "im");
    String parameter = required(body, "parameter");
    ValueType type;
    try {
      type = ValueType.valueOf(required(body, "type"));
    } catch (IllegalArgumentException ex) {
      throw new PortalError("BAD_REQUEST", "unknown type", parameter, 400);
    }
    SetParameter q = new SetParameter();
    q.setIm(im);
    q.setParameter(parameter);
    q.setValue(ValueText.parse(type, body.path("value").asText(""), parameter));
    Value now = e.call(p -> p.setParameter(q)).getValue();
    hub.imChanged(e.name(), im);
    ObjectNode o = JSON.createObjectNode();
    o.put("parameter", parameter);
    o.putPOJO("value", ValueText.plain(now));
    o.put("units", now.getUnits());
    return o;
  }

  private ObjectNode command(JsonNode body) throws PortalError {
    RemoteElement e = element(body.path("ie").asText(null));
    String im = required(body, "im");
    ExecuteCommand q = new ExecuteCommand();
    q.setIm(im);
    q.setCommand(required(body, "command"));
    ExecuteCommandResponse r;
    try {
      r = e.call(p -> p.executeCommand(q));
    } finally {
      directory.refreshSoon(e); // states in the tree change with commands, refused or not
    }
    hub.imChanged(e.name(), im);
    ObjectNode o = JSON.createObjectNode();
    o.put("state", r.getState());
    o.putPOJO("result", ValueText.plain(r.getResult()));
    return o;
  }

  private static String required(JsonNode body, String field) throws PortalError {
    String v = body.path(field).asText("");
    if (v.isBlank()) {
      throw new PortalError("BAD_REQUEST", "'" + field + "' is missing", null, 400);
    }
    return v;
  }

  private static void write(HttpServletResponse res, JsonNode body) throws IOException {
    res.setContentType("application/json");
    res.setCharacterEncoding("UTF-8");
    res.setHeader("Cache-Control", "no-store");
    JSON.writeValue(res.getOutputStream(), body);
  }

  private static void error(HttpServletResponse res, PortalError e) throws IOException {
    res.setStatus(e.httpStatus());
    ObjectNode o = JSON.createObjectNode();
    ObjectNode err = o.putObject("error");
    err.put("code", e.code());
    err.put("message", e.getMessage());
    err.put("item", e.item());
    write(res, o);
  }
}
