package org.instrumentelement.ial.mock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The Tektronix event queue as the 4/5/6 Series programmer manual's "Status and Events" chapter
 * describes it: events are readable only once {@code *ESR?} has summarised them, read with {@code
 * EVENT?}, {@code EVMsg?} and {@code ALLEv?}, masked by {@code DESE}, codes written positive.
 */
class TektronixEventsTest {
  private final MockDevice scope;

  TektronixEventsTest() throws Exception {
    scope = new MockSessionProvider().device("MOCK::tektronix-scope::events");
  }

  private String ask(String query) {
    byte[] reply = scope.handle(query).bytes();
    return new String(reply, 0, reply.length - 1, StandardCharsets.ISO_8859_1);
  }

  @Test
  void anEventIsReadableOnlyAfterStarEsrSummarisedIt() {
    assertEquals("0,\"No events to report - queue empty\"", ask("ALLEv?"));
    scope.handle("NOSuch:HEADer 1");
    assertEquals("1,\"No events to report - new events pending *ESR?\"", ask("EVMsg?"));
    assertEquals("1", ask("EVENT?"));
    assertEquals("0", ask("EVQty?"));
    assertEquals("32", ask("*ESR?"), "command error");
    assertEquals("1", ask("EVQty?"));
    String event = ask("ALLEv?");
    assertTrue(event.startsWith("113,\"Undefined header; "), event);
    assertEquals("0,\"No events to report - queue empty\"", ask("ALLEv?"), "read once");
  }

  @Test
  void starEsrDropsTheEventsAnEarlierReadMadeReadable() {
    scope.handle("CH1:SCAle 99");
    assertEquals("16", ask("*ESR?"), "execution error");
    scope.handle("CH1:SCAle \"x\"");
    assertEquals("32", ask("*ESR?"));
    String events = ask("ALLEv?");
    assertTrue(events.startsWith("104,\"Data type error"), events);
    assertTrue(!events.contains("222,"), "the first event was dropped unread: " + events);
  }

  @Test
  void everyEventComesOutOnceInOrderAndStarClsEmptiesTheQueue() {
    scope.handle("NOSuch 1");
    scope.handle("*OPC");
    scope.handle("CH1:SCAle 99");
    assertEquals("49", ask("*ESR?"));
    assertEquals("113", ask("EVENT?"));
    assertEquals("402,\"Operation complete\"", ask("EVMsg?"));
    assertTrue(ask("ALLEv?").startsWith("222,\"Data out of range"));
    scope.handle("NOSuch 1");
    scope.handle("*CLS");
    assertEquals("0", ask("*ESR?"));
    assertEquals("0,\"No events to report - queue empty\"", ask("ALLEv?"));
  }

  @Test
  void deseKeepsMaskedEventsOutOfTheRegisterAndTheQueue() {
    scope.handle("DESE 223"); // all but CME (32)
    assertEquals("223", ask("DESE?"));
    scope.handle("NOSuch 1");
    assertEquals("0", ask("*ESR?"));
    assertEquals("0,\"No events to report - queue empty\"", ask("ALLEv?"));
    scope.handle("CH1:SCAle 99");
    assertEquals("16", ask("*ESR?"));
    assertTrue(ask("ALLEv?").startsWith("222,"));
  }

  @Test
  void aFullQueueEndsWithAnOverflowEvent() {
    for (int i = 0; i < 40; i++) {
      scope.handle("NOSuch " + i);
    }
    ask("*ESR?");
    assertEquals("32", ask("EVQty?"));
    String all = ask("ALLEv?");
    assertTrue(all.endsWith("350,\"Queue overflow\""), all);
  }

  @Test
  void systErrReadsTheSameQueueForGenericControllers() {
    scope.handle("NOSuch 1");
    assertTrue(ask("SYSTem:ERRor?").startsWith("113,"), "pending events too");
    assertEquals("0,\"No events to report - queue empty\"", ask("SYSTem:ERRor?"));
    assertEquals("1", ask("*OPC?"), "*OPC? queues nothing");
    assertEquals("32", ask("*ESR?"), "the register keeps its bit");
    assertEquals("0,\"No events to report - queue empty\"", ask("ALLEv?"), "the event was read");
  }
}
