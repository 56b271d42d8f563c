package org.instrumentelement.portal.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import org.instrumentelement.portal.ie.ElementDirectory;
import org.instrumentelement.portal.ie.PortalError;
import org.instrumentelement.portal.mdns.FoundElements;
import org.instrumentelement.portal.trace.TraceHub;

/**
 * The page's JSON API, at {@code /api/*}: which call goes to which handler, and the HTTP around
 * them (JSON in and out, errors). The calls:
 *
 * <ul>
 *   <li>{@code POST signin {user, password}}, {@code POST signout}, {@code GET session} ({@link
 *       SessionApi})
 *   <li>{@code GET tree}: every IE with its reachability and IMs (from the last poll), whether the
 *       user is an admin of all of it, and with {@code portal.mdns.browse} the IEs found over mDNS
 *       ({@link TreeApi})
 *   <li>{@code GET rights?ie=}: whether the IE says the user is an admin of all of it, asked now,
 *       and if not why ({@link AdminRights})
 *   <li>{@code GET im?ie=&im=}: an IM's description with the current values of its scalar
 *       attributes and which commands and parameters its state allows ({@link ImPanelApi})
 *   <li>{@code POST parameter {ie, im, parameter, type, value}}, {@code POST attribute {ie, im,
 *       attribute, type, value}}, {@code POST command {ie, im, command, arguments?: [{name, type,
 *       value}]}} ({@link ImChangeApi})
 *   <li>{@code GET traces}: the live traces' figures (viewers, frames built and sent, frames
 *       superseded for slow viewers), for operators and the viewer-load measurement; only the
 *       traces the user may observe ({@link TraceFiguresApi})
 *   <li>{@code GET recordings?ie=}, {@code POST record {ie, im, durationMillis?}}, {@code POST
 *       stopRecording {ie, recording}}, {@code GET download?ie=&recording=} (a zip) ({@link
 *       RecordingApi})
 *   <li>{@code GET discover?ie=&network=&subnet=&portmapperPort=&timeoutMillis=}: the instruments
 *       the IE's discovery finds; {@code POST addInstrument {ie, name, type?, descriptor?,
 *       address?}}: one added as an IM at run time; the IE lets only an admin of everything do
 *       either ({@link InstrumentsApi})
 *   <li>{@code GET trend?ie=&im=&attribute=&span=|from=&to=&points=&raw=}: an archived attribute's
 *       trend (buckets with min, max and mean) or raw samples, its gaps and alarm limits ({@link
 *       TrendApi})
 * </ul>
 *
 * Errors are {@code {"error": {code, message, item}}}: the IE's fault code and message when the IE
 * refused, {@code TOO_MANY_REQUESTS} or {@code SERVER_BUSY} when it was busy, {@code UNREACHABLE}
 * when it did not answer (see {@link PortalError}); whatever needed the IE's answer is refused.
 * POST bodies must be JSON: a form on another site cannot send that without the browser asking
 * first, which keeps cross-site requests out.
 */
public final class ApiServlet extends HttpServlet {
  private static final long serialVersionUID = 1L;
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Largest request body: a call is a few names and a value; sign-in is open to anyone. */
  static final int MAX_BODY_BYTES = 16 * 1024;

  private final transient Map<String, ApiRoute> gets;
  private final transient Map<String, ApiRoute> posts;
  private final transient RecordingApi recordings;

  /**
   * @param developmentUsers whether the (hosting) IE runs with its development users, which the
   *     sign-in page then mentions
   * @param found the IEs announced over mDNS, or null when the portal does not browse
   * @param downloadTimeout how long a recording's download waits for the IE's first byte
   */
  public ApiServlet(
      ElementDirectory directory,
      TraceHub hub,
      FoundElements found,
      boolean developmentUsers,
      Duration downloadTimeout) {
    SessionApi sessions = new SessionApi(directory, developmentUsers);
    ImChangeApi changes = new ImChangeApi(directory, hub);
    InstrumentsApi instruments = new InstrumentsApi(directory);
    AdminRights rights = new AdminRights(directory);
    this.recordings = new RecordingApi(directory, downloadTimeout);
    this.gets =
        Map.of(
            "session", sessions::session,
            "tree", new TreeApi(directory, rights, found)::tree,
            "rights", rights::rights,
            "im", new ImPanelApi(directory)::describe,
            "traces", new TraceFiguresApi(directory, hub)::figures,
            "recordings", recordings::list,
            "discover", instruments::discover,
            "trend", new TrendApi(directory)::trend);
    this.posts =
        Map.of(
            "signin", sessions::signIn,
            "signout", sessions::signOut,
            "parameter", changes::setParameter,
            "attribute", changes::setAttribute,
            "command", changes::command,
            "record", recordings::record,
            "stopRecording", recordings::stop,
            "cancel", new CommandRuns(directory)::cancel,
            "acknowledge", new AlarmApi(directory)::acknowledge,
            "addInstrument", instruments::add);
  }

  @Override
  protected void doGet(HttpServletRequest req, HttpServletResponse res) throws IOException {
    try {
      if ("/download".equals(req.getPathInfo())) {
        recordings.download(new ApiRequest(req, null), res);
        return;
      }
      write(res, route(gets, req).answer(new ApiRequest(req, null)));
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
      JsonNode body = body(req);
      write(res, route(posts, req).answer(new ApiRequest(req, body)));
    } catch (PortalError e) {
      error(res, e);
    }
  }

  /** The JSON object a POST sent, read up to {@link #MAX_BODY_BYTES}. */
  private static JsonNode body(HttpServletRequest req) throws IOException, PortalError {
    byte[] raw = req.getInputStream().readNBytes(MAX_BODY_BYTES + 1);
    if (raw.length > MAX_BODY_BYTES) {
      throw new PortalError("BAD_REQUEST", "request body too large", null, 413);
    }
    JsonNode body;
    try {
      body = JSON.readTree(raw);
    } catch (JsonProcessingException e) {
      throw new PortalError("BAD_REQUEST", "malformed JSON", null, 400);
    }
    if (body == null || !body.isObject()) {
      throw new PortalError("BAD_REQUEST", "the body must be a JSON object", null, 400);
    }
    return body;
  }

  private static ApiRoute route(Map<String, ApiRoute> routes, HttpServletRequest req)
      throws PortalError {
    String p = req.getPathInfo();
    ApiRoute route = routes.get(p == null ? "" : p.substring(1));
    if (route == null) {
      throw new PortalError("NOT_FOUND", "no such API call", null, 404);
    }
    return route;
  }

  private static void write(HttpServletResponse res, JsonNode body) throws IOException {
    res.setContentType("application/json");
    res.setCharacterEncoding("UTF-8");
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("X-Content-Type-Options", "nosniff");
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
