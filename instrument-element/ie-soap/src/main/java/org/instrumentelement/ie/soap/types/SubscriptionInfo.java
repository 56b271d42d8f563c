package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlType;

/** How to subscribe to one attribute, how it is sampled, and what has been published. */
@XmlType(
    name = "SubscriptionInfo",
    propOrder = {
      "im",
      "attribute",
      "topic",
      "brokerUrl",
      "stompUrl",
      "stompDestination",
      "mqttUrl",
      "mqttTopic",
      "messageFormat",
      "valueType",
      "units",
      "samplingPeriodMillis",
      "deadband",
      "relativeDeadband",
      "heartbeatMillis",
      "published",
      "superseded",
      "sampleFailures",
      "subscribers",
      "discarded",
      "samplingPeriodMicros"
    })
public class SubscriptionInfo {
  public String im;
  public String attribute;

  /** The JMS topic. */
  public String topic;

  /** ActiveMQ OpenWire URL for JMS clients. */
  public String brokerUrl;

  /** STOMP URL, when offered. */
  public String stompUrl;

  /** The topic as a STOMP destination. */
  public String stompDestination;

  /** MQTT URL, when offered. */
  public String mqttUrl;

  /** The topic as MQTT names it. */
  public String mqttTopic;

  /** The message format, in one line (docs/subscriptions.md has the full description). */
  public String messageFormat;

  public ValueType valueType;
  public String units;

  /**
   * Time between reads in whole milliseconds, rounded up (1 for a period under a millisecond); 0
   * when sampling is off. {@link #samplingPeriodMicros} has it exactly.
   */
  public long samplingPeriodMillis;

  public double deadband;
  public double relativeDeadband;

  /** 0 when heartbeats are off. */
  public long heartbeatMillis;

  /** Samples handed to the publisher (the last sequence number). */
  public long published;

  /** Samples replaced by a newer one before the broker took them. */
  public long superseded;

  /** Reads of the attribute that failed. */
  public long sampleFailures;

  /** Current subscribers, when the broker is embedded. */
  public Integer subscribers;

  /** Messages dropped for slow subscribers, when the broker is embedded. */
  public Long discarded;

  /** Time between reads in microseconds; 0 when sampling is off. */
  public Long samplingPeriodMicros;
}
