package org.instrumentelement.ie.alarm;

import java.util.function.Consumer;
import org.instrumentelement.ie.pubsub.TopicPublisher;

/**
 * Publishes every alarm event on the Instrument Element's alarm topic, numbered from 1 like the
 * value topics. Every message carries the active alarms, and the broker keeps the last message of
 * the topic for new subscribers, so a subscriber gets the alarms active now as soon as it
 * subscribes. Events are never replaced by newer ones: they leave in order, retried while the
 * broker is away.
 */
public final class AlarmTopic implements Consumer<AlarmEvent> {
  private final String topic;
  private final TopicPublisher publisher;
  private long sequence; // guarded by the board's lock: events arrive one at a time, in order

  public AlarmTopic(String topic, TopicPublisher publisher) {
    this.topic = topic;
    this.publisher = publisher;
  }

  public String topic() {
    return topic;
  }

  @Override
  public synchronized void accept(AlarmEvent e) {
    sequence++;
    publisher.publish(
        new TopicPublisher.Notice(
            topic, AlarmMessages.body(e), AlarmMessages.properties(e, sequence)));
  }

  /** Messages handed to the publisher so far (the last sequence number used). */
  public synchronized long published() {
    return sequence;
  }
}
