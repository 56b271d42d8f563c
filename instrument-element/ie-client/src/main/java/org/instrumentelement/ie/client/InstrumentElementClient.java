package org.instrumentelement.ie.client;

import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.handler.MessageContext;
import jakarta.xml.ws.soap.SOAPBinding;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.cxf.Bus;
import org.apache.cxf.BusFactory;
import org.apache.cxf.configuration.jsse.TLSClientParameters;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.transport.http.HTTPConduit;
import org.apache.cxf.transports.http.configuration.HTTPClientPolicy;
import org.instrumentelement.ie.client.soap.InstrumentElement;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.Value;
import org.instrumentelement.ie.client.soap.ValueType;
import org.instrumentelement.ie.client.tls.ClientTls;
import org.instrumentelement.ie.contract.BodyType;
import org.instrumentelement.ie.contract.ValueCodec;

/**
 * Opens SOAP ports to an Instrument Element and converts values. The port itself is the code
 * generated from the WSDL: every operation takes its request object and returns its response
 * object.
 *
 * <pre>{@code
 * InstrumentElementPort ie = InstrumentElementClient.connect("http://localhost:8080/ie/services/InstrumentElement");
 * GetAttribute req = new GetAttribute();
 * req.setIm("lab/array2500");
 * req.setAttribute("vector");
 * double[] v = InstrumentElementClient.vector(ie.getAttribute(req).getValue());
 * }</pre>
 */
public final class InstrumentElementClient {
  /**
   * The CXF bus of every port this class opens: the client's own, which nothing shuts down. A
   * service made on whichever bus was the JVM's default at first use (an Instrument Element's or a
   * web application's in the same JVM) would send every call through that bus's interceptors and
   * features, and go on using it after its owner stopped and shut it down.
   */
  private static final Bus BUS = ownBus();

  /**
   * One service for all ports: making a service reads the WSDL, which costs far more than a port.
   */
  private static final InstrumentElement SERVICE = serviceOn(BUS);

  private InstrumentElementClient() {}

  /**
   * A new bus that is the client's alone. CXF makes the first bus of a JVM its default (and the
   * creating thread's), for anyone to use and its owner to shut down: the client hands both back,
   * so that it neither takes another's bus nor lends its own.
   */
  private static Bus ownBus() {
    Bus threadBus = BusFactory.getAndSetThreadDefaultBus(null);
    try {
      Bus bus = BusFactory.newInstance().createBus();
      synchronized (BusFactory.class) { // BusFactory's own lock: no one sets a default meanwhile
        if (BusFactory.getDefaultBus(false) == bus) {
          BusFactory.setDefaultBus(null);
        }
      }
      return bus;
    } finally {
      BusFactory.setThreadDefaultBus(threadBus);
    }
  }

  /** The generated service, on {@code bus} (a JAX-WS service takes the thread's default bus). */
  private static InstrumentElement serviceOn(Bus bus) {
    Bus threadBus = BusFactory.getAndSetThreadDefaultBus(bus);
    try {
      return new InstrumentElement();
    } finally {
      BusFactory.setThreadDefaultBus(threadBus);
    }
  }

  /**
   * How a port talks to the server.
   *
   * @param username HTTP Basic user name, or null to send no credentials (also for a client that
   *     logs in with its certificate)
   * @param tls what to trust for HTTPS (e.g. a self-signed development certificate; by default the
   *     JVM's trust), and the client's own certificate for mutual TLS
   */
  public record Options(
      boolean mtom,
      Duration connectTimeout,
      Duration receiveTimeout,
      String username,
      String password,
      ClientTls tls) {
    /** Plain SOAP, no credentials, 5 s to connect, 30 s for an answer. */
    public static final Options DEFAULTS =
        new Options(
            false, Duration.ofSeconds(5), Duration.ofSeconds(30), null, null, ClientTls.DEFAULTS);

    /** The same, sending requests (and so receiving binary vectors) as MTOM. */
    public Options withMtom() {
      return new Options(true, connectTimeout, receiveTimeout, username, password, tls);
    }

    /** The same, with other connect and receive timeouts. */
    public Options withTimeouts(Duration connect, Duration receive) {
      return new Options(mtom, connect, receive, username, password, tls);
    }

    /** The same, with HTTP Basic credentials. */
    public Options withCredentials(String user, String pass) {
      return new Options(mtom, connectTimeout, receiveTimeout, user, pass, tls);
    }

    /** The same, trusting the certificates of a PKCS#12 file for HTTPS. */
    public Options withTrustStore(Path file, String pass) {
      return new Options(
          mtom, connectTimeout, receiveTimeout, username, password, tls.withTrustStore(file, pass));
    }

    /**
     * The same, presenting the key and certificate of a PKCS#12 key store for HTTPS: a user the
     * Instrument Element maps to that certificate is served without a password.
     */
    public Options withKeyStore(Path file, String pass) {
      return new Options(
          mtom, connectTimeout, receiveTimeout, username, password, tls.withKeyStore(file, pass));
    }

    /** The same, with other TLS settings. */
    public Options withTls(ClientTls settings) {
      return new Options(mtom, connectTimeout, receiveTimeout, username, password, settings);
    }
  }

  /** A port to the endpoint at {@code url} with HTTP Basic credentials. */
  public static InstrumentElementPort connect(String url, String username, String password) {
    return connect(url, Options.DEFAULTS.withCredentials(username, password));
  }

  /** A port to the endpoint at {@code url} with default options. */
  public static InstrumentElementPort connect(String url) {
    return connect(url, Options.DEFAULTS);
  }

  /** A port to the endpoint at {@code url}. Ports are cheap; use one per thread. */
  public static InstrumentElementPort connect(String url, Options options) {
    InstrumentElementPort port;
    synchronized (SERVICE) {
      port = SERVICE.getInstrumentElementPort();
    }
    BindingProvider bp = (BindingProvider) port;
    Map<String, Object> ctx = bp.getRequestContext();
    ctx.put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY, url);
    if (options.mtom()) {
      ((SOAPBinding) bp.getBinding()).setMTOMEnabled(true);
    }
    if (options.username() != null) {
      ctx.put(BindingProvider.USERNAME_PROPERTY, options.username());
      ctx.put(BindingProvider.PASSWORD_PROPERTY, options.password());
    }
    Client client = ClientProxy.getClient(port);
    HTTPConduit conduit = (HTTPConduit) client.getConduit();
    HTTPClientPolicy policy = new HTTPClientPolicy();
    policy.setConnectionTimeout(options.connectTimeout().toMillis());
    policy.setReceiveTimeout(options.receiveTimeout().toMillis());
    policy.setAllowChunking(false);
    conduit.setClient(policy);
    if (options.tls().configured()) {
      TLSClientParameters p = new TLSClientParameters();
      p.setTrustManagers(options.tls().trustManagers());
      p.setKeyManagers(options.tls().keyManagers());
      conduit.setTlsClientParameters(p);
    }
    return port;
  }

  /**
   * Closes a port, which is not to be used afterwards: it lets its connections go. The threads of
   * the HTTP client that ports with the same settings share stop when the last of those ports is
   * closed, so that a web application that closes its ports leaves no thread behind when it is
   * undeployed.
   */
  public static void close(InstrumentElementPort port) {
    ClientProxy.getClient(port).destroy();
  }

  /**
   * Changes the HTTP Basic credentials of a port (e.g. one pooled port used for several users, one
   * call at a time); null removes them.
   */
  public static void setCredentials(InstrumentElementPort port, String username, String password) {
    Map<String, Object> ctx = ((BindingProvider) port).getRequestContext();
    if (username == null) {
      ctx.remove(BindingProvider.USERNAME_PROPERTY);
      ctx.remove(BindingProvider.PASSWORD_PROPERTY);
    } else {
      ctx.put(BindingProvider.USERNAME_PROPERTY, username);
      ctx.put(BindingProvider.PASSWORD_PROPERTY, password);
    }
  }

  /**
   * Names the client a proxy calls on behalf of ({@code X-Forwarded-For}), or none. An IE believes
   * it only from the addresses in its {@code http.trustedProxies} (by default its own machine), and
   * then counts that client's failed passwords apart from the proxy's; the VCR portal sets it to
   * the browser's address.
   */
  public static void setForwardedFor(InstrumentElementPort port, String clientAddress) {
    Map<String, Object> ctx = ((BindingProvider) port).getRequestContext();
    @SuppressWarnings("unchecked")
    Map<String, List<String>> headers =
        (Map<String, List<String>>) ctx.get(MessageContext.HTTP_REQUEST_HEADERS);
    Map<String, List<String>> next = headers == null ? new HashMap<>() : new HashMap<>(headers);
    if (clientAddress == null) {
      next.remove(FORWARDED_FOR);
    } else {
      next.put(FORWARDED_FOR, List.of(clientAddress));
    }
    ctx.put(MessageContext.HTTP_REQUEST_HEADERS, next);
  }

  /** The header naming the client a proxy calls on behalf of. */
  public static final String FORWARDED_FOR = "X-Forwarded-For";

  /**
   * Whether a call failed because the server refused the credentials: the IE answers HTTP 401 (with
   * a NOT_AUTHENTICATED fault), which the generated client reports as a transport error carrying
   * the status. Told by the status code, never by the message (which holds the IE's address).
   */
  public static boolean unauthorized(Throwable e) {
    return httpStatus(e) == 401;
  }

  /** The HTTP status of a failed call's answer, or 0 if the call got no HTTP answer. */
  public static int httpStatus(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof org.apache.cxf.transport.http.HTTPException h) {
        return h.getResponseCode();
      }
    }
    return 0;
  }

  /** The doubles of a vector value, whichever encoding it came in. */
  public static double[] vector(Value v) {
    if (v.getData() != null && v.getCodes() != null) {
      // encoding CODES: code * scale + offset, the Instrument Element's doubles to the bit
      return ValueCodec.decodeCodes(
          BodyType.valueOf(v.getCodes()), v.getData(), v.getScale(), v.getOffset(), v.getNanCode());
    }
    if (v.getData() != null) {
      return ValueCodec.decodeDoubles(v.getData());
    }
    List<Double> list = v.getDoubles();
    double[] d = new double[list.size()];
    for (int i = 0; i < d.length; i++) {
      d[i] = list.get(i);
    }
    return d;
  }

  public static Value doubleValue(double d) {
    Value v = new Value();
    v.setDoubleValue(d);
    v.setType(ValueType.DOUBLE);
    return v;
  }

  public static Value integerValue(long n) {
    Value v = new Value();
    v.setIntegerValue(n);
    v.setType(ValueType.INTEGER);
    return v;
  }

  public static Value booleanValue(boolean b) {
    Value v = new Value();
    v.setBooleanValue(b);
    v.setType(ValueType.BOOLEAN);
    return v;
  }

  /** A string value; also the way to send an enum choice. */
  public static Value stringValue(String s) {
    Value v = new Value();
    v.setStringValue(s);
    v.setType(ValueType.STRING);
    return v;
  }

  /** A named value, as command arguments are. */
  public static Value named(String name, Value v) {
    v.setName(name);
    return v;
  }
}
