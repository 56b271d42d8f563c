package org.instrumentelement.jmeter.soap;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import javax.net.ssl.SSLContext;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import org.instrumentelement.ie.contract.Wsdl;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * Calls the subscription operations of an Instrument Element as any remote SOAP client would: a
 * document/literal envelope POSTed to the endpoint, the answer read as plain XML. The endpoint's
 * contract is the published WSDL; this class uses only {@code getSubscriptionInfo}, {@code
 * configureSampling} and one {@code getAttribute} in encoding CODES ({@link #codesType}).
 */
public final class IeSoapClient {
  /** The service namespace of the published WSDL. */
  public static final String NS = Wsdl.NAMESPACE;

  private final URI endpoint;
  private final HttpClient http;
  private final String authorization;

  /** A client without credentials (an IE with access control off). */
  public IeSoapClient(String endpointUrl) {
    this(endpointUrl, null, null);
  }

  /**
   * A client sending HTTP Basic credentials with every call.
   *
   * @param user null or empty for none
   */
  public IeSoapClient(String endpointUrl, String user, String password) {
    this(endpointUrl, user, password, null);
  }

  /**
   * A client sending HTTP Basic credentials with every call, over HTTPS with a TLS context of its
   * own (a trust store for the IE's certificate, a client key).
   *
   * @param user null or empty for none
   * @param tls the TLS context, or null for the JVM's default
   */
  public IeSoapClient(String endpointUrl, String user, String password, SSLContext tls) {
    this.endpoint = URI.create(endpointUrl);
    HttpClient.Builder b = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5));
    if (tls != null) {
      b.sslContext(tls);
    }
    this.http = b.build();
    this.authorization = basic(user, password);
  }

  /** The value of an HTTP Basic Authorization header, or empty for no user. */
  public static String basic(String user, String password) {
    if (user == null || user.isEmpty()) {
      return "";
    }
    return "Basic "
        + java.util.Base64.getEncoder()
            .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
  }

  /** The endpoint this client calls. */
  public URI endpoint() {
    return endpoint;
  }

  /** What getSubscriptionInfo says about one attribute. */
  public SubscriptionInfo subscriptionInfo(String im, String attribute) throws IOException {
    return SubscriptionInfo.from(
        call(
            "getSubscriptionInfo",
            "<ie:im>"
                + escape(im)
                + "</ie:im><ie:attribute>"
                + escape(attribute)
                + "</ie:attribute>"));
  }

  /**
   * Sets the sampling period of a subscribable attribute (0 stops sampling) and returns the
   * settings now in effect.
   */
  public SubscriptionInfo configureSampling(String im, String attribute, long periodMillis)
      throws IOException {
    return SubscriptionInfo.from(
        call(
            "configureSampling",
            "<ie:im>"
                + escape(im)
                + "</ie:im><ie:attribute>"
                + escape(attribute)
                + "</ie:attribute><ie:samplingPeriodMillis>"
                + periodMillis
                + "</ie:samplingPeriodMillis>"));
  }

  /**
   * What a poll in encoding CODES says of an attribute: the body type of its codes (INT8_CODES or
   * INT16_CODES) when its value is kept as the instrument's codes, which the IE then also publishes
   * on the attribute's codes topic; null when it comes as doubles (no codes topic). The poll reads
   * the instrument once.
   */
  public String codesType(String im, String attribute) throws IOException {
    Element response =
        call(
            "getAttribute",
            "<ie:im>"
                + escape(im)
                + "</ie:im><ie:attribute>"
                + escape(attribute)
                + "</ie:attribute><ie:encoding>CODES</ie:encoding>");
    NodeList all = response.getElementsByTagNameNS("*", "*");
    for (int i = 0; i < all.getLength(); i++) {
      String codes = ((Element) all.item(i)).getAttribute("codes");
      if (!codes.isEmpty()) {
        return codes;
      }
    }
    return null;
  }

  /** True when the endpoint answers a SOAP call, false when nothing listens yet. */
  public boolean answers() {
    try {
      call("listInstrumentManagers", "");
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /** POSTs one request element and returns the body's response element. */
  Element call(String operation, String content) throws IOException {
    String envelope =
        "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\" xmlns:ie=\""
            + NS
            + "\"><soap:Body><ie:"
            + operation
            + ">"
            + content
            + "</ie:"
            + operation
            + "></soap:Body></soap:Envelope>";
    HttpRequest.Builder b =
        HttpRequest.newBuilder(endpoint)
            .timeout(Duration.ofSeconds(30))
            .header("Content-Type", "text/xml; charset=UTF-8")
            .header("SOAPAction", "\"\"");
    if (!authorization.isEmpty()) {
      b.header("Authorization", authorization);
    }
    HttpRequest request =
        b.POST(HttpRequest.BodyPublishers.ofString(envelope, StandardCharsets.UTF_8)).build();
    HttpResponse<byte[]> response;
    try {
      response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted calling " + operation, e);
    }
    Element body = body(response.body());
    Element first = firstChildElement(body);
    if (first == null) {
      throw new IOException(operation + ": empty SOAP body (HTTP " + response.statusCode() + ")");
    }
    if (first.getLocalName().equals("Fault")) {
      throw new IOException(operation + " failed: " + text(first, "faultstring"));
    }
    return first;
  }

  private static Element body(byte[] xml) throws IOException {
    try {
      DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
      f.setNamespaceAware(true);
      f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
      f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      DocumentBuilder b = f.newDocumentBuilder();
      Document d = b.parse(new ByteArrayInputStream(xml));
      NodeList bodies =
          d.getElementsByTagNameNS("http://schemas.xmlsoap.org/soap/envelope/", "Body");
      if (bodies.getLength() == 0) {
        throw new IOException("not a SOAP envelope");
      }
      return (Element) bodies.item(0);
    } catch (IOException e) {
      throw e;
    } catch (Exception e) {
      throw new IOException("unreadable SOAP answer: " + e.getMessage(), e);
    }
  }

  static Element firstChildElement(Node parent) {
    for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e) {
        return e;
      }
    }
    return null;
  }

  /** Text of the first descendant with this local name, or null. */
  static String text(Element parent, String localName) {
    NodeList l = parent.getElementsByTagNameNS("*", localName);
    return l.getLength() == 0 ? null : l.item(0).getTextContent().trim();
  }

  static String escape(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }
}
