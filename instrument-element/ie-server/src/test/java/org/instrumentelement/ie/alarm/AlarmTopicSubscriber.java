package org.instrumentelement.ie.alarm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.jms.Connection;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import java.time.Duration;
import org.instrumentelement.ie.RunningElement;

/** A real OpenWire subscriber of an IE's alarm topic, as its admin, for tests of alarms. */
final class AlarmTopicSubscriber implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Connection connection;
  private final MessageConsumer consumer;
  private final Duration within;

  /**
   * @param within how long {@link #await} waits for an event
   */
  AlarmTopicSubscriber(RunningElement running, Duration within) throws Exception {
    this.within = within;
    connection = running.openWire(RunningElement.ADMIN);
    Session s = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
    consumer = s.createConsumer(s.createTopic(running.runtime.alarmTopic().topic()));
  }

  /** The body of the next event of this kind on this alarm. */
  JsonNode await(String event, String id) throws Exception {
    long deadline = System.nanoTime() + within.toNanos();
    while (System.nanoTime() < deadline) {
      TextMessage m = (TextMessage) consumer.receive(1000);
      if (m != null
          && event.equals(m.getStringProperty("ieEvent"))
          && id.equals(m.getStringProperty("ieAlarm"))) {
        return JSON.readTree(m.getText());
      }
    }
    throw new AssertionError("no " + event + " of " + id + " within " + within);
  }

  @Override
  public void close() throws Exception {
    connection.close();
  }
}
