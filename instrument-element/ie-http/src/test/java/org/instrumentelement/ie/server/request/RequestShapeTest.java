package org.instrumentelement.ie.server.request;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.jws.WebMethod;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.instrumentelement.ie.soap.InstrumentElementPort;
import org.junit.jupiter.api.Test;

/** The checks know every operation of the port and every typed field of its requests. */
class RequestShapeTest {
  static final Map<String, RequestShape> OPERATIONS =
      RequestShape.operations(InstrumentElementPort.class);

  @Test
  void everyOperationHasItsRequestShape() {
    List<String> names =
        Arrays.stream(InstrumentElementPort.class.getMethods())
            .map(m -> m.getAnnotation(WebMethod.class).operationName())
            .sorted()
            .toList();
    assertEquals(names, OPERATIONS.keySet().stream().sorted().toList());
  }

  @Test
  void enumerationsKnowTheirNames() {
    for (String op : List.of("getAttribute", "getAttributes")) {
      LeafType encoding = OPERATIONS.get(op).child("encoding").leaf();
      assertEquals(List.of("XML", "BINARY", "CODES"), encoding.choices(), op);
    }
    RequestShape value = OPERATIONS.get("setParameter").child("value").shape();
    assertEquals(6, value.attributes().get("type").choices().size());
    assertEquals(
        List.of("GOOD", "WARNING", "ALARM", "UNCERTAIN", "BAD"),
        value.attributes().get("quality").choices());
  }

  @Test
  void valuesHaveEveryLeafTyped() {
    RequestShape value = OPERATIONS.get("setAttribute").child("value").shape();
    assertEquals(LeafType.DOUBLE, value.child("doubleValue").leaf());
    assertEquals(LeafType.LONG, value.child("integerValue").leaf());
    assertEquals(LeafType.BOOLEAN, value.child("booleanValue").leaf());
    assertEquals(LeafType.TEXT, value.child("stringValue").leaf());
    assertEquals(LeafType.DOUBLE_LIST, value.child("doubles").leaf());
    assertEquals(LeafType.BASE64, value.child("data").leaf());
    assertEquals(LeafType.DATE_TIME, value.attributes().get("timestamp"));
    assertEquals(LeafType.INT, value.attributes().get("length"));
    assertEquals(LeafType.TEXT, value.attributes().get("name"));
  }

  @Test
  void numbersOfSamplingAndReservations() {
    RequestShape sampling = OPERATIONS.get("configureSampling");
    assertEquals(LeafType.LONG, sampling.child("samplingPeriodMillis").leaf());
    assertEquals(LeafType.LONG, sampling.child("samplingPeriodMicros").leaf());
    assertEquals(LeafType.LONG, sampling.child("heartbeatMillis").leaf());
    assertEquals(LeafType.DOUBLE, sampling.child("deadband").leaf());
    assertEquals(LeafType.DOUBLE, sampling.child("relativeDeadband").leaf());
    assertEquals(LeafType.LONG, OPERATIONS.get("reserve").child("durationMillis").leaf());
    assertEquals(LeafType.LONG, OPERATIONS.get("renewReservation").child("durationMillis").leaf());
  }

  @Test
  void listsMayRepeatAndFieldsMayNot() {
    assertTrue(OPERATIONS.get("getAttributes").child("attribute").repeated());
    assertFalse(OPERATIONS.get("getAttribute").child("attribute").repeated());
    assertTrue(OPERATIONS.get("executeCommand").child("argument").repeated());
    assertFalse(OPERATIONS.get("getState").child("im").repeated());
    assertNull(OPERATIONS.get("getState").child("force"));
    assertTrue(OPERATIONS.get("getStatus").childNames().isEmpty());
  }
}
