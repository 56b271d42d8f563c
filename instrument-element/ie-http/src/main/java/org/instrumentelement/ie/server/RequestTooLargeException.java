package org.instrumentelement.ie.server;

import java.io.IOException;

/** A request body is larger than {@code soap.maxRequestBytes}. */
final class RequestTooLargeException extends IOException {
  private static final long serialVersionUID = 1L;

  RequestTooLargeException(long limit) {
    super("request larger than " + limit + " bytes (soap.maxRequestBytes)");
  }
}
