package org.instrumentelement.ie.server;

import java.io.CharConversionException;
import java.io.IOException;
import java.security.SecureRandom;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import javax.xml.namespace.QName;
import javax.xml.stream.Location;
import javax.xml.stream.XMLStreamException;
import org.apache.cxf.binding.soap.SoapFault;
import org.apache.cxf.message.Exchange;
import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageContentsList;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.ie.server.request.RequestRefused;
import org.instrumentelement.ie.soap.InstrumentElementFault;

/**
 * A fault's code and message as the client sees them: the IE's own words for whatever went wrong,
 * never a class or library name, a stack trace or an exception's text. Refusals the IE raised
 * itself keep their code and message; failures of the XML parser keep its description of the
 * mistake and its position; anything else before the service runs is a request the endpoint cannot
 * read, and anything after is an internal error, logged with a reference the message gives.
 *
 * @param code the fault code (README "Faults")
 * @param message what is wrong, for people
 */
public record FaultWording(FaultCode code, String message) {
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(FaultWording.class);

  private static final String CACHE = FaultWording.class.getName();

  private static final QName VERSION_MISMATCH =
      new QName("http://schemas.xmlsoap.org/soap/envelope/", "VersionMismatch");
  private static final QName MUST_UNDERSTAND =
      new QName("http://schemas.xmlsoap.org/soap/envelope/", "MustUnderstand");

  /** Words that mark a parser message as naming internals rather than the request's mistake. */
  private static final Pattern INTERNALS =
      Pattern.compile(
          "(?i)exception|throwable|\\bjava\\.|\\bjavax\\.|\\bjakarta\\.|\\bcom\\.|\\borg\\."
              + "|wstx|woodstox|\\bsun\\b|\\bcxf\\b|jaxb|\\bstax\\b|\\bsax\\b|\\bnull\\b");

  private static final SecureRandom REFERENCES = new SecureRandom();

  /**
   * The wording of the fault on this exchange, worked out once (the audit and the fault detail both
   * ask; an internal error is logged once, under one reference).
   *
   * @param message the message on the fault chain, whose exchange knows whether the service ran
   * @param failure the fault
   */
  public static FaultWording of(Message message, Throwable failure) {
    Exchange exchange = message == null ? null : message.getExchange();
    if (exchange != null && exchange.get(CACHE) instanceof FaultWording cached) {
      return cached;
    }
    boolean invoked =
        exchange != null && Boolean.TRUE.equals(exchange.get(FaultDetailInterceptor.INVOKED));
    Message in = exchange == null ? null : exchange.getInMessage();
    Object contentType = in == null ? null : in.get(Message.CONTENT_TYPE);
    boolean multipart =
        contentType != null
            && contentType.toString().toLowerCase(Locale.ROOT).startsWith("multipart/");
    List<?> contents = in == null ? null : MessageContentsList.getContentsList(in);
    Object request = contents == null || contents.isEmpty() ? null : contents.get(0);
    FaultWording w = of(failure, invoked, multipart, request);
    if (exchange != null) {
      exchange.put(CACHE, w);
    }
    return w;
  }

  /**
   * The wording of a failure, the one place every fault's message is finished ({@link FaultText}):
   * whatever wrote it, it quotes at most a short escaped prefix of each text of the request.
   *
   * @param invoked whether the service had been called (so the request itself was readable)
   * @param multipart whether the request came as a multipart (MTOM) package
   * @param request the request (an object of the API's types), or null when it was not read
   */
  static FaultWording of(Throwable failure, boolean invoked, boolean multipart, Object request) {
    FaultWording w = worded(failure, invoked, multipart);
    return new FaultWording(w.code(), FaultText.of(w.message(), request));
  }

  private static FaultWording worded(Throwable failure, boolean invoked, boolean multipart) {
    Set<Throwable> chain = Collections.newSetFromMap(new IdentityHashMap<>());
    for (Throwable t = failure; t != null && chain.add(t); t = t.getCause()) {
      if (t instanceof InstrumentElementFault f) {
        FaultCode code = FaultCode.valueOf(f.getFaultInfo().code);
        if (code == FaultCode.INTERNAL_ERROR) {
          return internal(failure, f.getFaultInfo().message);
        }
        return new FaultWording(code, f.getFaultInfo().message);
      }
      if (t instanceof RequestRefused r) {
        return new FaultWording(r.code(), r.getMessage());
      }
      if (t instanceof RequestTooLargeException r) {
        return new FaultWording(FaultCode.REQUEST_TOO_LARGE, r.getMessage());
      }
    }
    if (invoked) {
      return internal(failure, null);
    }
    for (Throwable t : chain) {
      if (t instanceof SoapFault s && VERSION_MISMATCH.equals(s.getFaultCode())) {
        return malformed(
            "only SOAP 1.1 envelopes are accepted (namespace http://schemas.xmlsoap.org/soap/envelope/,"
                + " Content-Type text/xml)");
      }
      if (t instanceof SoapFault s && MUST_UNDERSTAND.equals(s.getFaultCode())) {
        return malformed(
            "a SOAP header is marked mustUnderstand, and this endpoint understands no SOAP headers");
      }
    }
    for (Throwable t : chain) {
      if (t instanceof CharConversionException c) {
        return malformed(
            "the body is not valid in its character encoding (the Content-Type's charset, UTF-8 if"
                + " it names none)"
                + detail(c.getMessage()));
      }
    }
    for (Throwable t : chain) {
      if (t instanceof XMLStreamException x) {
        return parser(x);
      }
    }
    for (Throwable t : chain) {
      if (t instanceof NumberFormatException) {
        return new FaultWording(
            FaultCode.WRONG_TYPE, "a value in the request is not of the type its field needs");
      }
      if (t instanceof IOException) {
        return malformed(
            multipart
                ? "the MTOM package (multipart/related) cannot be read: its parts do not follow the"
                    + " boundary its Content-Type declares"
                : "the request body could not be read to its end");
      }
    }
    LOG.debug("refused an unreadable request", failure);
    return malformed("the request cannot be read as a SOAP 1.1 request of this endpoint");
  }

  /** The parser's own description of the mistake, if it is plain words, with its position. */
  private static FaultWording parser(XMLStreamException x) {
    String text = parserText(x.getMessage());
    Location l = x.getLocation();
    String at =
        l == null || l.getLineNumber() < 0
            ? ""
            : " at line " + l.getLineNumber() + ", column " + l.getColumnNumber();
    String lower = text == null ? "" : text.toLowerCase(Locale.ROOT);
    if (lower.contains("limit")) {
      return new FaultWording(
          lower.contains("depth") ? FaultCode.MALFORMED_REQUEST : FaultCode.REQUEST_TOO_LARGE,
          "the request exceeds a limit of the XML parser" + at + detail(text));
    }
    return malformed("not well-formed XML" + at + detail(text));
  }

  /**
   * The first line of a parser message without its position suffix or exception name, or null if
   * nothing of it is fit to show.
   */
  static String parserText(String message) {
    if (message == null) {
      return null;
    }
    String m = message;
    int position = m.indexOf("\n at [");
    if (position >= 0) {
      m = m.substring(0, position);
    }
    m = m.replaceFirst("^\\[[\\w.$]+\\]\\s*", "");
    m = m.replaceFirst("^ParseError at \\[row,col\\]:\\[\\d+,\\d+\\]\\s*Message:\\s*", "");
    int newline = m.indexOf('\n');
    if (newline >= 0) {
      m = m.substring(0, newline);
    }
    m = m.strip();
    if (m.endsWith(".")) {
      m = m.substring(0, m.length() - 1);
    }
    if (m.isEmpty() || INTERNALS.matcher(m).find()) {
      return null;
    }
    if (m.length() > 1
        && Character.isUpperCase(m.charAt(0))
        && Character.isLowerCase(m.charAt(1))) {
      m = Character.toLowerCase(m.charAt(0)) + m.substring(1);
    }
    return RequestRefused.quote(m, 300);
  }

  private static String detail(String text) {
    String t = parserText(text);
    return t == null ? "" : ": " + t;
  }

  private static FaultWording malformed(String message) {
    return new FaultWording(FaultCode.MALFORMED_REQUEST, message);
  }

  /** An internal error, logged with the failure under a reference the message gives. */
  public static FaultWording internal(Throwable failure) {
    return internal(failure, null);
  }

  /**
   * An internal error: logged with the whole failure under a reference; the client gets the
   * reference and, for the IE's own descriptions, that description only.
   */
  private static FaultWording internal(Throwable failure, String ownWords) {
    String reference = Long.toHexString(REFERENCES.nextLong() >>> 16);
    LOG.error("internal error {} while serving a request", reference, failure);
    return new FaultWording(
        FaultCode.INTERNAL_ERROR,
        "internal error in the Instrument Element"
            + (ownWords == null ? "" : ": " + ownWords)
            + " (reference "
            + reference
            + " in its log)");
  }
}
