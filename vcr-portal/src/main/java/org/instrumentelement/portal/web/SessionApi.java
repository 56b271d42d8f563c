package org.instrumentelement.portal.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.servlet.http.HttpSession;
import org.instrumentelement.ie.client.soap.GetStatus;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.portal.auth.Credentials;
import org.instrumentelement.portal.auth.SignInFilter;
import org.instrumentelement.portal.ie.ElementDirectory;
import org.instrumentelement.portal.ie.PortalError;
import org.instrumentelement.portal.ie.RemoteElement;

/**
 * Signing in and out, and who is signed in. The portal has no users of its own: the first IE (the
 * hosting one) checks the password.
 */
final class SessionApi {
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private final ElementDirectory directory;
  private final boolean developmentUsers;

  /**
   * @param developmentUsers whether the (hosting) IE runs with its development users, which the
   *     sign-in page then mentions
   */
  SessionApi(ElementDirectory directory, boolean developmentUsers) {
    this.directory = directory;
    this.developmentUsers = developmentUsers;
  }

  /**
   * {@code GET session}: the signed-in user (or null) and whether the users are the development
   * ones.
   */
  JsonNode session(ApiRequest request) {
    ObjectNode o = JSON.objectNode();
    o.put("user", SignInFilter.user(request.http().getSession(false)));
    o.put("development", developmentUsers);
    return o;
  }

  /** {@code POST signin {user, password}}: a new session once the home IE accepts the password. */
  JsonNode signIn(ApiRequest request) throws PortalError {
    JsonNode body = request.body();
    String user = body.path("user").asText("").trim();
    String password = body.path("password").asText("");
    if (user.isEmpty() || directory.elements().isEmpty()) {
      throw new PortalError("SIGN_IN", "Unknown user or wrong password", null, 401);
    }
    Credentials who = new Credentials(user, password, request.http().getRemoteAddr());
    RemoteElement home = directory.elements().get(0);
    try {
      home.callAs(who, p -> p.getStatus(new GetStatus()));
    } catch (PortalError e) {
      if (e.is(FaultCode.NOT_AUTHENTICATED)) {
        throw new PortalError("SIGN_IN", "Unknown user or wrong password", null, 401);
      }
      if (!e.is(FaultCode.NOT_AUTHORIZED)) {
        throw new PortalError("SIGN_IN", "Cannot check the password: " + e.getMessage(), null, 503);
      }
      // A valid user without any role on the home IE may still observe others.
    }
    HttpSession old = request.http().getSession(false);
    if (old != null) {
      old.invalidate(); // a new session id on sign-in: no fixation
    }
    HttpSession session = request.http().getSession(true);
    session.setAttribute(SignInFilter.USER, user);
    session.setAttribute(SignInFilter.CREDENTIALS, who);
    ObjectNode o = JSON.objectNode();
    o.put("user", user);
    return o;
  }

  /** {@code POST signout}: ends the session, if there is one. */
  JsonNode signOut(ApiRequest request) {
    HttpSession s = request.http().getSession(false);
    if (s != null) {
      s.invalidate();
    }
    return JSON.objectNode();
  }
}
