package org.instrumentelement.ie.server.gate;

import java.util.Locale;
import java.util.Set;

/**
 * The content types a SOAP request may have. Anything else, such as the {@code text/plain} and form
 * types a page on another site can make a browser send with the user's stored credentials, is never
 * executed.
 */
final class SoapMediaTypes {
  /** For the {@code Accept} header of a refusal. */
  static final String ACCEPTED = "text/xml, application/soap+xml, multipart/related";

  private static final Set<String> SOAP =
      Set.of("text/xml", "application/soap+xml", "multipart/related");

  private SoapMediaTypes() {}

  /** Whether {@code contentType} (a header value, possibly null) is one of SOAP's. */
  static boolean isSoap(String contentType) {
    return contentType != null && SOAP.contains(mediaType(contentType));
  }

  /** Lower-cased, without parameters. */
  private static String mediaType(String contentType) {
    int semicolon = contentType.indexOf(';');
    return (semicolon < 0 ? contentType : contentType.substring(0, semicolon))
        .trim()
        .toLowerCase(Locale.ROOT);
  }
}
