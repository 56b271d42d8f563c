package org.instrumentelement.ie.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The answers of the OPC UA peer's load client, as its protocol writes them. */
class PeerLoadClientTest {

  @Test
  void anAnswerIsItsNamedFields() {
    assertEquals(
        Map.of("events", "7", "errors", "0", "delivered", "6", "lost", "0"),
        PeerLoadClient.fields("counts events=7 errors=0 delivered=6 lost=0"));
    assertEquals(
        Map.of("publishingMillis", "10.0", "queue", "10"),
        PeerLoadClient.fields("ok subscribed publishingMillis=10.0 queue=10"));
  }

  @Test
  void theLastErrorTakesTheRestOfTheLine() {
    Map<String, String> f =
        PeerLoadClient.fields(
            "counts events=7 errors=1 delivered=0 lost=0 late=0 duplicates=0"
                + " lastError=UaException: status=Bad_Timeout, message=request timed out");
    assertEquals("1", f.get("errors"));
    assertEquals("UaException: status=Bad_Timeout, message=request timed out", f.get("lastError"));
  }
}
