package org.instrumentelement.portal.web;

import com.fasterxml.jackson.databind.JsonNode;
import org.instrumentelement.portal.ie.PortalError;

/** One call of the page's JSON API: a request in, the JSON answer out, or the refusal. */
@FunctionalInterface
interface ApiRoute {
  /** The answer to {@code request}; a {@link PortalError} becomes the error answer. */
  JsonNode answer(ApiRequest request) throws PortalError;
}
