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
import org.instrumentelement.ie.client.soap.ArgumentInfo;
import org.instrumentelement.ie.client.soap.AttributeInfo;
import org.instrumentelement.ie.client.soap.CommandInfo;
import org.instrumentelement.ie.client.soap.DescribeInstrumentManager;
import org.instrumentelement.ie.client.soap.ExecuteCommand;
import org.instrumentelement.ie.client.soap.ExecuteCommandResponse;
import org.instrumentelement.ie.client.soap.GetAttributes;
import org.instrumentelement.ie.client.soap.GetStatus;
import org.instrumentelement.ie.client.soap.ImDescription;
import org.instrumentelement.ie.client.soap.ItemInfo;
import org.instrumentelement.ie.client.soap.ListInstrumentManagers;
import org.instrumentelement.ie.client.soap.ParameterInfo;
import org.instrumentelement.ie.client.soap.SetAttribute;
import org.instrumentelement.ie.client.soap.SetParameter;
import org.instrumentelement.ie.client.soap.Value;
import org.instrumentelement.ie.client.soap.ValueType;
import org.instrumentelement.portal.auth.Credentials;
import org.instrumentelement.portal.auth.SignInFilter;
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
 *   <li>{@code POST parameter {ie, im, parameter, type, value}}: sets a parameter from the text
 *       typed
 *   <li>{@code POST attribute {ie, im, attribute, type, value}}: writes a writable attribute
 *   <li>{@code POST command {ie, im, command, arguments?: [{name, type, value}]}}: executes a
 *       command with the arguments typed (an argument left empty takes its default)
 *   <li>{@code GET traces}: the live traces' figures (viewers, frames built and sent, frames
 *       superseded for slow viewers), for operators and the viewer-load measurement
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
  private final boolean developmentUsers;

  /**
   * @param developmentUsers whether the (hosting) IE runs with its development users, which the
   *     sign-in page then mentions
   */
  public ApiServlet(ElementDirectory directory, TraceHub hub, boolean developmentUsers) {
    this.directory = directory;
    this.hub = hub;
    this.developmentUsers = developmentUsers;
  }

  @Override
  protected void doGet(HttpServletRequest req, HttpServletResponse res) throws IOException {
    try {
      switch (op(req)) {
        case "session" -> session(req, res);
        case "tree" -> write(res, tree(who(req)));
        case "im" ->
            write(res, describe(who(req), element(req.getParameter("ie")), req.getParameter("im")));
        case "traces" -> write(res, JSON.valueToTree(hub.statistics()));
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
        case "parameter" -> write(res, setParameter(who(req), body));
        case "attribute" -> write(res, setAttribute(who(req), body));
        case "command" -> write(res, command(who(req), body));
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
    o.put("development", developmentUsers);
    write(res, o);
  }

  private void signIn(HttpServletRequest req, HttpServletResponse res, JsonNode body)
      throws IOException, PortalError {
    String user = body.path("user").asText("").trim();
    String password = body.path("password").asText("");
    if (user.isEmpty() || directory.elements().isEmpty()) {
      throw new PortalError("SIGN_IN", "Unknown user or wrong password", null, 401);
    }
    // The portal has no users of its own: the first IE (the hosting one) checks the password.
    Credentials who = new Credentials(user, password);
    RemoteElement home = directory.elements().get(0);
    try {
      home.callAs(who, p -> p.getStatus(new GetStatus()));
    } catch (PortalError e) {
      if (e.code().equals("NOT_AUTHENTICATED")) {
        throw new PortalError("SIGN_IN", "Unknown user or wrong password", null, 401);
      }
      if (!e.code().equals("NOT_AUTHORIZED")) {
        throw new PortalError("SIGN_IN", "Cannot check the password: " + e.getMessage(), null, 503);
      }
      // A valid user without any role on the home IE may still observe others.
    }
    HttpSession old = req.getSession(false);
    if (old != null) {
      old.invalidate(); // a new session id on sign-in: no fixation
    }
    HttpSession session = req.getSession(true);
    session.setAttribute(SignInFilter.USER, user);
    session.setAttribute(SignInFilter.CREDENTIALS, who);
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

  /** The signed-in user's credentials (the sign-in filter lets only signed-in sessions here). */
  private static Credentials who(HttpServletRequest req) throws PortalError {
    Credentials c = SignInFilter.credentials(req.getSession(false));
    if (c == null) {
      throw new PortalError("SIGN_IN", "Sign in first", null, 401);
    }
    return c;
  }

  /**
   * Every IE with its reachability (from the portal's polling) and the IMs this user may see (from
   * the IE, asked as the user).
   */
  private ObjectNode tree(Credentials who) {
    ObjectNode root = JSON.createObjectNode();
    ArrayNode list = root.putArray("elements");
    for (RemoteElement e : directory.elements()) {
      ElementStatus s = e.status();
      List<ElementStatus.Im> visible = s.ims();
      String refusal = null;
      if (s.reachable()) {
        try {
          visible =
              ElementStatus.ims(
                  e.callAs(who, p -> p.listInstrumentManagers(new ListInstrumentManagers()))
                      .getInstrumentManager());
        } catch (PortalError err) {
          visible = List.of();
          refusal = err.code() + ": " + err.getMessage();
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
    }
    return root;
  }

  private ObjectNode describe(Credentials who, RemoteElement e, String im) throws PortalError {
    if (im == null || im.isBlank()) {
      throw new PortalError("BAD_REQUEST", "which IM? (im=...)", null, 400);
    }
    DescribeInstrumentManager q = new DescribeInstrumentManager();
    q.setIm(im);
    ImDescription d = e.callAs(who, p -> p.describeInstrumentManager(q)).getDescription();
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

  private ObjectNode setParameter(Credentials who, JsonNode body) throws PortalError {
    RemoteElement e = element(body.path("ie").asText(null));
    String im = required(body, "im");
    String parameter = required(body, "parameter");
    SetParameter q = new SetParameter();
    q.setIm(im);
    q.setParameter(parameter);
    q.setValue(typedValue(body, parameter));
    Value now = e.callAs(who, p -> p.setParameter(q)).getValue();
    hub.imChanged(e.name(), im);
    return written("parameter", parameter, now);
  }

  private ObjectNode setAttribute(Credentials who, JsonNode body) throws PortalError {
    RemoteElement e = element(body.path("ie").asText(null));
    String im = required(body, "im");
    String attribute = required(body, "attribute");
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
      type = ValueType.valueOf(required(body, "type"));
    } catch (IllegalArgumentException ex) {
      throw new PortalError("BAD_REQUEST", "unknown type", item, 400);
    }
    return ValueText.parse(type, body.path("value").asText(""), item);
  }

  private static ObjectNode written(String kind, String name, Value now) {
    ObjectNode o = JSON.createObjectNode();
    o.put(kind, name);
    o.putPOJO("value", ValueText.plain(now));
    o.put("units", now.getUnits());
    return o;
  }

  private ObjectNode command(Credentials who, JsonNode body) throws PortalError {
    RemoteElement e = element(body.path("ie").asText(null));
    String im = required(body, "im");
    ExecuteCommand q = new ExecuteCommand();
    q.setIm(im);
    q.setCommand(required(body, "command"));
    for (JsonNode a : body.path("arguments")) {
      String name = required(a, "name");
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
