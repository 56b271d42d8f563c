package org.instrumentelement.ie.pubsub.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

class RefusalsTest {
  private final ListAppender<ILoggingEvent> lines = new ListAppender<>();
  private final Logger logger = (Logger) LoggerFactory.getLogger(Refusals.class);

  @BeforeEach
  void capture() {
    lines.start();
    logger.addAppender(lines);
    logger.setAdditive(false); // not on the console
  }

  @AfterEach
  void release() {
    logger.detachAppender(lines);
    logger.setAdditive(true);
  }

  List<String> logged() {
    return lines.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
  }

  @Test
  void aRefusalIsOneLineWithNothingTheClientCouldUseToBreakIt() {
    new Refusals()
        .refuse(
            "STOMP",
            Refusals.address("tcp://127.0.0.1:4711"),
            "eve\nrefused nothing",
            "subscribe to",
            "topic " + "x".repeat(500),
            "not authorized");
    String line = logged().get(0);
    assertEquals(
        "refused STOMP subscribe to topic "
            + "x".repeat(Refusals.MAX_FIELD - 6)
            + "... by eve?refused nothing from 127.0.0.1:4711: not authorized",
        line);
  }

  @Test
  void aFloodOfRefusalsIsLoggedAtABoundedRateAndCounted() {
    AtomicLong now = new AtomicLong();
    Refusals r = new Refusals(now::get);
    for (int i = 0; i < Refusals.BURST + 25; i++) {
      r.refuse("MQTT", "127.0.0.1:1", "u", "login", null, "wrong user name or password");
    }
    assertEquals(Refusals.BURST, logged().size());
    now.addAndGet(1_000_000_000L); // a second later
    for (int i = 0; i < 20; i++) {
      r.refuse("MQTT", "127.0.0.1:1", "u", "login", null, "wrong user name or password");
    }
    assertEquals(Refusals.BURST + Refusals.PER_SECOND, logged().size());
    assertTrue(
        logged().get(Refusals.BURST).endsWith("(25 earlier refusals not logged)"),
        logged().get(Refusals.BURST));
  }
}
