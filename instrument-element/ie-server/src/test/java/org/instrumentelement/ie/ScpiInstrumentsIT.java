package org.instrumentelement.ie;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.instrumentelement.ial.sim.InstrumentSimulator;
import org.instrumentelement.ie.client.InstrumentElementClient;
import org.instrumentelement.ie.client.soap.AttributeInfo;
import org.instrumentelement.ie.client.soap.DescribeInstrumentManager;
import org.instrumentelement.ie.client.soap.GetAttribute;
import org.instrumentelement.ie.client.soap.GetSubscriptionInfo;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.SetParameter;
import org.instrumentelement.ie.client.soap.Value;
import org.instrumentelement.ie.client.soap.VectorEncoding;
import org.instrumentelement.ie.client.subscription.AttributeSubscriber;
import org.instrumentelement.ie.client.subscription.SampledValue;
import org.instrumentelement.ie.config.ConfigLoader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Instrument Element with SCPI instruments on the LAN: the simulator's Keysight-flavoured scope
 * reached over a raw socket, VXI-11 and HiSLIP, and its DMM, each driven by a bundled descriptor,
 * read through the SOAP client.
 */
class ScpiInstrumentsIT {
  static InstrumentSimulator simulator;
  static RunningElement running;
  static InstrumentElementPort ie;

  @BeforeAll
  static void start() throws Exception {
    simulator = InstrumentSimulator.builder().models("keysight-scope", "dmm").build().start();
    Map<String, String> file = new HashMap<>();
    file.put("im.lan.type", "group");
    scope(file, "socket", simulator.socketResource(0));
    scope(file, "vxi11", simulator.vxi11Resource(0));
    scope(file, "hislip", simulator.hislipResource(0));
    file.put("im.dmm.parent", "lan");
    file.put("im.dmm.type", "scpi");
    file.put("im.dmm.descriptor", "scpi-dmm");
    file.put("im.dmm.address", simulator.hislipResource(1));
    for (String t : List.of("socket", "vxi11", "hislip")) {
      file.put("im." + t + ".attribute.waveform.period", "100ms");
    }
    running =
        RunningElement.of(RunningElement.freePorts(ConfigLoader.resolve(Map.of(), Map.of(), file)));
    ie = running.client();
  }

  private static void scope(Map<String, String> file, String name, String address) {
    file.put("im." + name + ".parent", "lan");
    file.put("im." + name + ".type", "scpi");
    file.put("im." + name + ".descriptor", "keysight-infiniivision");
    file.put("im." + name + ".address", address);
    file.put("im." + name + ".param.points", "1000");
  }

  @AfterAll
  static void stop() {
    running.close();
    simulator.close();
  }

  static Value get(String im, String attribute, VectorEncoding encoding) throws Exception {
    GetAttribute r = new GetAttribute();
    r.setIm(im);
    r.setAttribute(attribute);
    r.setEncoding(encoding);
    return ie.getAttribute(r).getValue();
  }

  @ParameterizedTest
  @ValueSource(strings = {"socket", "vxi11", "hislip"})
  void waveformIsPublishedWhenSubscribable(String transport) throws Exception {
    String im = "lan/" + transport;
    GetSubscriptionInfo q = new GetSubscriptionInfo();
    q.setIm(im);
    q.setAttribute("waveform");
    String url = ie.getSubscriptionInfo(q).getSubscription().getBrokerUrl();
    java.util.concurrent.BlockingQueue<SampledValue> got =
        new java.util.concurrent.LinkedBlockingQueue<>();
    try (AttributeSubscriber sub =
        AttributeSubscriber.connect(url, RunningElement.ADMIN, RunningElement.ADMIN)) {
      sub.subscribe(ie, im, "waveform", got::add);
      SampledValue v = got.poll(60, java.util.concurrent.TimeUnit.SECONDS);
      assertTrue(v != null, "no waveform published for " + im);
      assertEquals(1000, v.doubles().length);
      assertEquals("V", v.units());
      assertEquals("ie.ie.lan." + transport + ".waveform", v.topic());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"socket", "vxi11", "hislip"})
  void waveformInVoltsOverEveryTransport(String transport) throws Exception {
    String im = "lan/" + transport;
    for (VectorEncoding encoding :
        new VectorEncoding[] {VectorEncoding.XML, VectorEncoding.BINARY}) {
      double[] volts = InstrumentElementClient.vector(get(im, "waveform", encoding));
      assertEquals(1000, volts.length);
      double max = Double.NEGATIVE_INFINITY;
      for (double v : volts) {
        max = Math.max(max, v);
      }
      assertEquals(1.5, max, 0.12, transport + ": the simulator's 1.5 V sine");
    }
    assertEquals(1e-3 * 10 / 1000, get(im, "timeIncrement", null).getDoubleValue(), 1e-12);
    assertEquals(-5e-3, get(im, "timeOrigin", null).getDoubleValue(), 1e-12);
    assertEquals(1000, InstrumentElementClient.vector(get(im, "time", null)).length);
    assertTrue(get(im, "identity", null).getStringValue().contains("KEYSIGHT"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"socket", "hislip"})
  void parametersGoToTheInstrumentAndTheWaveformFollows(String transport) throws Exception {
    String im = "lan/" + transport;
    SetParameter p = new SetParameter();
    p.setIm(im);
    p.setParameter("dataFormat");
    p.setValue(InstrumentElementClient.stringValue("BYTE"));
    ie.setParameter(p);
    try {
      double[] volts = InstrumentElementClient.vector(get(im, "waveform", VectorEncoding.BINARY));
      assertEquals(1000, volts.length);
      assertTrue(volts[0] > -3 && volts[0] < 3, "8-bit codes scaled to volts: " + volts[0]);
    } finally {
      p.setValue(InstrumentElementClient.stringValue("WORD"));
      ie.setParameter(p);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"socket", "vxi11", "hislip"})
  void waveformIsDescribedAsSubscribable(String transport) throws Exception {
    DescribeInstrumentManager r = new DescribeInstrumentManager();
    r.setIm("lan/" + transport);
    List<AttributeInfo> attributes =
        ie.describeInstrumentManager(r).getDescription().getAttribute();
    AttributeInfo waveform =
        attributes.stream().filter(a -> a.getName().equals("waveform")).findFirst().get();
    assertTrue(waveform.isSubscribable());
    assertEquals("V", waveform.getUnits());
  }

  @ParameterizedTest
  @ValueSource(strings = {"reading"})
  void dmmReadsOverHislip(String attribute) throws Exception {
    assertEquals(1.23456, get("lan/dmm", attribute, null).getDoubleValue(), 1e-3);
  }
}
