package org.instrumentelement.ie.soap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.instrumentelement.ie.alarm.AlarmBoard;
import org.instrumentelement.ie.alarm.Alarms;
import org.instrumentelement.ie.config.ConfigLoader;
import org.instrumentelement.ie.config.IeConfig;
import org.instrumentelement.ie.element.InstrumentElement;
import org.instrumentelement.ie.monitoring.Monitoring;
import org.instrumentelement.ie.monitoring.StatusSource;
import org.instrumentelement.ie.pubsub.BrokerEndpoints;
import org.instrumentelement.ie.pubsub.Publishing;
import org.instrumentelement.ie.pubsub.Subscriptions;
import org.instrumentelement.ie.security.AccessControl;
import org.instrumentelement.ie.security.Caller;
import org.instrumentelement.ie.security.Reservations;
import org.instrumentelement.ie.soap.types.ExecuteCommand;
import org.instrumentelement.ie.soap.types.GetAttribute;
import org.instrumentelement.ie.soap.types.GetState;
import org.instrumentelement.ie.soap.types.ListInstrumentManagers;
import org.instrumentelement.ie.soap.types.SetParameter;
import org.instrumentelement.ie.soap.types.Value;
import org.instrumentelement.ie.soap.types.VectorEncoding;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The service implementation called directly, without HTTP. */
class InstrumentElementServiceTest {
  private InstrumentElement ie;
  private InstrumentElementPort service;

  @BeforeEach
  void start() throws Exception {
    IeConfig config = ConfigLoader.load(List.of(), Map.of());
    ie = new InstrumentElement(config);
    ie.start();
    Subscriptions subscriptions = new Subscriptions(ie, config);
    service =
        new InstrumentElementService(
                ie,
                new Publishing(
                    subscriptions,
                    null,
                    new BrokerEndpoints("tcp://localhost:61616", null, null),
                    null),
                new AccessControl(null, new Reservations(Clock.systemUTC())),
                () -> Caller.UNRESTRICTED,
                new Monitoring(StatusSource.fixed(true, false)),
                new Alarms(ie, subscriptions, new AlarmBoard(Clock.systemUTC()), 3))
            .port();
  }

  @AfterEach
  void stop() {
    ie.close();
  }

  private GetAttribute get(String im, String attribute, VectorEncoding enc) {
    GetAttribute r = new GetAttribute();
    r.im = im;
    r.attribute = attribute;
    r.encoding = enc;
    return r;
  }

  @Test
  void listsEveryIm() throws Exception {
    assertEquals(
        4, service.listInstrumentManagers(new ListInstrumentManagers()).instrumentManager.size());
  }

  @Test
  void vectorsComeAsXmlListOrLittleEndianBytes() throws Exception {
    Value xml = service.getAttribute(get("lab/array2500", "vector", null)).value;
    assertEquals(2500, xml.doubles.size());
    assertEquals(null, xml.data);
    Value bin = service.getAttribute(get("lab/array2500", "vector", VectorEncoding.BINARY)).value;
    assertEquals(20000, bin.data.length);
    assertEquals(2500, bin.length);
    double first =
        java.nio.ByteBuffer.wrap(bin.data).order(java.nio.ByteOrder.LITTLE_ENDIAN).getDouble(0);
    assertTrue(Math.abs(first) < 1.2, "a 1 V sine with a little noise: " + first);
  }

  @Test
  void valuesNeedExactlyOnePayload() {
    SetParameter r = new SetParameter();
    r.im = "lab/scope";
    r.parameter = "timebase";
    r.value = new Value();
    r.value.doubleValue = 1e-3;
    r.value.integerValue = 1L;
    InstrumentElementFault f =
        assertThrows(InstrumentElementFault.class, () -> service.setParameter(r));
    assertEquals("WRONG_TYPE", f.getFaultInfo().code);
  }

  @Test
  void integerIsAcceptedWhereADoubleIsExpected() throws Exception {
    SetParameter r = new SetParameter();
    r.im = "lab/scope";
    r.parameter = "voltsPerDiv";
    r.value = new Value();
    r.value.integerValue = 2L;
    assertEquals(2.0, service.setParameter(r).value.doubleValue);
  }

  @Test
  void missingFieldsAreMalformed() {
    InstrumentElementFault f =
        assertThrows(InstrumentElementFault.class, () -> service.getState(new GetState()));
    assertEquals("MALFORMED_REQUEST", f.getFaultInfo().code);
    ExecuteCommand c = new ExecuteCommand();
    c.im = "lab/scope";
    c.command = "single";
    Value unnamed = new Value();
    unnamed.doubleValue = 1.0;
    c.argument = List.of(unnamed);
    assertEquals(
        "MALFORMED_REQUEST",
        assertThrows(InstrumentElementFault.class, () -> service.executeCommand(c))
            .getFaultInfo()
            .code);
  }
}
