package org.instrumentelement.portal.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.util.Base64;
import org.instrumentelement.ie.client.soap.ListRecordings;
import org.instrumentelement.ie.client.soap.ListSubscriptions;
import org.instrumentelement.ie.client.soap.RecordedAttribute;
import org.instrumentelement.ie.client.soap.RecordingInfo;
import org.instrumentelement.ie.client.soap.StartRecording;
import org.instrumentelement.ie.client.soap.StopRecording;
import org.instrumentelement.ie.client.soap.SubscriptionInfo;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.portal.auth.Credentials;
import org.instrumentelement.portal.ie.ElementDirectory;
import org.instrumentelement.portal.ie.PortalError;
import org.instrumentelement.portal.ie.RemoteElement;

/**
 * Recordings from the IM panel (docs/recording.md), as the signed-in user: the IE's roles decide
 * who may record (control) and see or download (observe).
 *
 * <ul>
 *   <li>{@code GET recordings?ie=}: the recordings the user may read
 *   <li>{@code POST record {ie, im, durationMillis?}}: records every subscribable attribute of the
 *       IM
 *   <li>{@code POST stopRecording {ie, recording}}
 *   <li>{@code GET download?ie=&recording=}: the recording as a zip of its segments, streamed from
 *       the IE's own download with the user's credentials
 * </ul>
 */
final class RecordingApi {
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private final ElementDirectory directory;
  private final Duration downloadTimeout;

  /**
   * @param downloadTimeout how long a download waits for the IE's first byte
   */
  RecordingApi(ElementDirectory directory, Duration downloadTimeout) {
    this.directory = directory;
    this.downloadTimeout = downloadTimeout;
  }

  JsonNode list(ApiRequest request) throws PortalError {
    Credentials who = request.who();
    RemoteElement e = request.element(directory);
    ArrayNode out = JSON.arrayNode();
    for (RecordingInfo r :
        e.callAs(who, p -> p.listRecordings(new ListRecordings())).getRecording()) {
      out.add(info(r));
    }
    ObjectNode o = JSON.objectNode();
    o.set("recordings", out);
    return o;
  }

  JsonNode record(ApiRequest request) throws PortalError {
    Credentials who = request.who();
    JsonNode body = request.body();
    RemoteElement e = request.element(directory);
    String im = ApiRequest.required(body, "im");
    ListSubscriptions q = new ListSubscriptions();
    q.setIm(im);
    StartRecording s = new StartRecording();
    for (SubscriptionInfo i : e.callAs(who, p -> p.listSubscriptions(q)).getSubscription()) {
      RecordedAttribute a = new RecordedAttribute();
      a.setIm(im);
      a.setAttribute(i.getAttribute());
      s.getItem().add(a);
    }
    if (s.getItem().isEmpty()) {
      throw new PortalError("NOT_SUBSCRIBABLE", im + " has no attribute to record", null, 409);
    }
    if (body.hasNonNull("durationMillis")) {
      s.setDurationMillis(body.get("durationMillis").asLong());
    }
    s.setNote("started in the VCR portal");
    return info(e.callAs(who, p -> p.startRecording(s)).getRecording());
  }

  JsonNode stop(ApiRequest request) throws PortalError {
    Credentials who = request.who();
    JsonNode body = request.body();
    RemoteElement e = request.element(directory);
    StopRecording s = new StopRecording();
    s.setRecording(ApiRequest.required(body, "recording"));
    return info(e.callAs(who, p -> p.stopRecording(s)).getRecording());
  }

  /**
   * Streams the IE's zip of the recording to the browser, with the user's credentials. Only the
   * IE's 200 sends anything: every other answer, or none, is an error told apart by its status (401
   * credentials refused, 404 no such recording for this user, 429 and 503 busy) or by the kind of
   * failure (refused connection, no first byte within {@code portal.downloadTimeout}).
   */
  void download(ApiRequest request, HttpServletResponse res) throws PortalError, IOException {
    Credentials who = request.who();
    RemoteElement e = request.element(directory);
    String id = request.field("recording");
    if (id == null || !id.matches("[A-Za-z0-9][A-Za-z0-9_-]{0,63}")) {
      throw new PortalError("UNKNOWN_RECORDING", "no recording '" + id + "'", null, 404);
    }
    String url = e.url();
    int services = url.indexOf("/services/");
    String zip =
        (services < 0 ? url : url.substring(0, services))
            + "/recordings/"
            + URLEncoder.encode(id, StandardCharsets.UTF_8)
            + ".zip";
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(zip)).timeout(downloadTimeout);
    if (who.user() != null) {
      b.header(
          "Authorization",
          "Basic "
              + Base64.getEncoder()
                  .encodeToString(
                      (who.user() + ":" + who.password()).getBytes(StandardCharsets.UTF_8)));
    }
    if (who.address() != null) {
      b.header("X-Forwarded-For", who.address());
    }
    HttpResponse<InputStream> r;
    try {
      r = e.httpClient().send(b.build(), HttpResponse.BodyHandlers.ofInputStream());
    } catch (InterruptedException ex) {
      Thread.currentThread().interrupt();
      throw PortalError.unreachable(e.name(), "the download was interrupted");
    } catch (IOException ex) {
      throw PortalError.ofCall(e.name(), who.user(), downloadTimeout, ex);
    } catch (GeneralSecurityException ex) {
      throw PortalError.unreachable(e.name(), "the portal's TLS settings cannot be used");
    }
    try (InputStream in = r.body()) {
      if (r.statusCode() != 200) {
        if (r.statusCode() == 404) {
          throw new PortalError(
              FaultCode.UNKNOWN_RECORDING.name(),
              "no recording '" + id + "' that you may read",
              null,
              404);
        }
        throw PortalError.ofStatus(e.name(), who.user(), r.statusCode());
      }
      res.setContentType("application/zip");
      res.setHeader("Content-Disposition", "attachment; filename=\"" + id + ".zip\"");
      res.setHeader("Cache-Control", "no-store");
      in.transferTo(res.getOutputStream());
    }
  }

  private static JsonNode info(RecordingInfo r) {
    ObjectNode o = JSON.objectNode();
    o.put("recording", r.getRecording());
    o.put("state", r.getState());
    o.put("startedBy", r.getStartedBy());
    o.put("startedAt", r.getStartedAt() == null ? null : r.getStartedAt().toXMLFormat());
    o.put("stopReason", r.getStopReason());
    o.put("samples", r.getSamples());
    o.put("dropped", r.getDropped());
    o.put("bytes", r.getBytes());
    ArrayNode items = o.putArray("items");
    for (RecordedAttribute a : r.getItem()) {
      items.add(a.getIm() + " " + a.getAttribute());
    }
    return o;
  }
}
