package org.instrumentelement.portal.web;

import com.fasterxml.jackson.databind.JsonNode;
import jakarta.servlet.http.HttpServletRequest;
import org.instrumentelement.portal.auth.Credentials;
import org.instrumentelement.portal.auth.SignInFilter;
import org.instrumentelement.portal.ie.ElementDirectory;
import org.instrumentelement.portal.ie.PortalError;
import org.instrumentelement.portal.ie.RemoteElement;

/**
 * One call to the API as its handlers read it: the HTTP request (session, address) and its fields,
 * from the JSON body of a POST or the query of a GET.
 *
 * @param body the JSON object a POST sent, or null for a GET
 */
record ApiRequest(HttpServletRequest http, JsonNode body) {

  /** A field's text: from the body of a POST, from the query of a GET; null if absent. */
  String field(String name) {
    return body == null ? http.getParameter(name) : body.path(name).asText(null);
  }

  /** A field of {@code node} (the body, or an object inside it) that must be there. */
  static String required(JsonNode node, String name) throws PortalError {
    String v = node.path(name).asText("");
    if (v.isBlank()) {
      throw new PortalError("BAD_REQUEST", "'" + name + "' is missing", null, 400);
    }
    return v;
  }

  /** The signed-in user's credentials (the sign-in filter lets only signed-in sessions here). */
  Credentials who() throws PortalError {
    Credentials c = SignInFilter.credentials(http.getSession(false));
    if (c == null) {
      throw new PortalError("SIGN_IN", "Sign in first", null, 401);
    }
    return c;
  }

  /** The IE that the field {@code ie} names. */
  RemoteElement element(ElementDirectory directory) throws PortalError {
    String name = field("ie");
    RemoteElement e = name == null ? null : directory.element(name);
    if (e == null) {
      throw new PortalError("UNKNOWN_IE", "no Instrument Element named '" + name + "'", null, 404);
    }
    return e;
  }
}
