package org.instrumentelement.portal.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.servlet.http.HttpSession;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.instrumentelement.ie.client.soap.ListLoginFailures;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.portal.auth.Credentials;
import org.instrumentelement.portal.ie.ElementDirectory;
import org.instrumentelement.portal.ie.PortalError;
import org.instrumentelement.portal.ie.RemoteElement;

/**
 * Whether the signed-in user is an administrator of a whole IE (its {@code admin:*}), which the
 * "Add instrument" link and page need. The portal has no roles of its own: it asks the IE, in the
 * user's name, with the one read-only operation the IE allows only an admin of everything ({@code
 * listLoginFailures}): answered, the user is one; refused (NOT_AUTHORIZED), not; any other outcome
 * (busy, unreachable, a timeout) leaves it unknown, which counts as not (fail closed), with the
 * reason. The IE still decides every discovery and addition itself.
 *
 * <p>The tree asks at most every {@link #KEEP} per session and IE (an answer is kept in the
 * session), so polling the tree costs the IE no more than that; the page asks anew when it opens.
 */
final class AdminRights {
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  /** How long the tree trusts an answer (or its absence) before asking the IE again. */
  static final Duration KEEP = Duration.ofSeconds(30);

  /** How long the tree waits after an IE gave no answer before asking it again. */
  static final Duration RETRY = Duration.ofSeconds(5);

  private static final String SESSION_KEY = AdminRights.class.getName();

  /**
   * The IE's answer: {@code admin} only when the IE said so; {@code reason} why not (the IE's
   * refusal, or why it could not tell).
   */
  record Answer(boolean admin, String reason, boolean known, Instant asked)
      implements java.io.Serializable {
    ObjectNode json(String ie) {
      ObjectNode o = JSON.objectNode();
      o.put("ie", ie);
      o.put("admin", admin);
      o.put("known", known);
      if (reason != null) {
        o.put("reason", reason);
      }
      return o;
    }
  }

  private final ElementDirectory directory;

  AdminRights(ElementDirectory directory) {
    this.directory = directory;
  }

  /** {@code GET rights?ie=}: asks the IE now whether the user is an admin of all of it. */
  JsonNode rights(ApiRequest request) throws PortalError {
    RemoteElement e = request.element(directory);
    Answer a = ask(e, request.who());
    remember(request.http().getSession(false), e.name(), a);
    return a.json(e.name());
  }

  /** The answer for the tree: the one kept in the session if recent enough, else the IE's now. */
  Answer forTree(HttpSession session, RemoteElement e, Credentials who) {
    Map<String, Answer> kept = kept(session);
    Answer a = kept == null ? null : kept.get(e.name());
    Instant now = Instant.now();
    if (a != null && a.asked().plus(a.known() ? KEEP : RETRY).isAfter(now)) {
      return a;
    }
    a = ask(e, who);
    remember(session, e.name(), a);
    return a;
  }

  /** Asks the IE, as {@code who}; never throws: what went wrong is the reason. */
  static Answer ask(RemoteElement e, Credentials who) {
    Instant now = Instant.now();
    try {
      e.callAs(who, p -> p.listLoginFailures(new ListLoginFailures()));
      return new Answer(true, null, true, now);
    } catch (PortalError err) {
      String why = err.code() + ": " + err.getMessage();
      return new Answer(false, why, err.is(FaultCode.NOT_AUTHORIZED), now);
    } catch (RuntimeException err) {
      return new Answer(false, "UNEXPECTED_ANSWER: " + err.getMessage(), false, now);
    }
  }

  private static void remember(HttpSession session, String ie, Answer a) {
    if (session == null) {
      return;
    }
    Map<String, Answer> kept = kept(session);
    if (kept == null) {
      kept = new ConcurrentHashMap<>();
      session.setAttribute(SESSION_KEY, kept);
    }
    kept.put(ie, a);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Answer> kept(HttpSession session) {
    if (session == null) {
      return null;
    }
    try {
      return (Map<String, Answer>) session.getAttribute(SESSION_KEY);
    } catch (IllegalStateException invalidated) {
      return null;
    }
  }
}
