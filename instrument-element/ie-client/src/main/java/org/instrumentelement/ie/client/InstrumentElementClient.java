package org.instrumentelement.ie.client;

import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.soap.SOAPBinding;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.transport.http.HTTPConduit;
import org.apache.cxf.transports.http.configuration.HTTPClientPolicy;
import org.instrumentelement.ie.client.soap.InstrumentElement;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.Value;
import org.instrumentelement.ie.client.soap.ValueType;

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
  private static final InstrumentElement SERVICE = new InstrumentElement();

  private InstrumentElementClient() {}

  /** How a port talks to the server. */
  public record Options(boolean mtom, Duration connectTimeout, Duration receiveTimeout) {
    /** Plain SOAP, 5 s to connect, 30 s for an answer. */
    public static final Options DEFAULTS =
        new Options(false, Duration.ofSeconds(5), Duration.ofSeconds(30));

    /** The same, sending requests (and so receiving binary vectors) as MTOM. */
    public Options withMtom() {
      return new Options(true, connectTimeout, receiveTimeout);
    }
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
    Client client = ClientProxy.getClient(port);
    HTTPConduit conduit = (HTTPConduit) client.getConduit();
    HTTPClientPolicy policy = new HTTPClientPolicy();
    policy.setConnectionTimeout(options.connectTimeout().toMillis());
    policy.setReceiveTimeout(options.receiveTimeout().toMillis());
    policy.setAllowChunking(false);
    conduit.setClient(policy);
    return port;
  }

  /** The doubles of a vector value, whichever encoding it came in. */
  public static double[] vector(Value v) {
    if (v.getData() != null) {
      double[] d = new double[v.getData().length / Double.BYTES];
      ByteBuffer.wrap(v.getData()).order(ByteOrder.LITTLE_ENDIAN).asDoubleBuffer().get(d);
      return d;
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
