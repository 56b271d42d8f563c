package org.instrumentelement.ie.contract;

/**
 * The topic of an attribute: {@code <prefix>.<ie name>.<IM path with '/' as '.'>.<attribute>}, for
 * example {@code ie.ie.lab.scope.waveform}. The dots make the hierarchy usable with ActiveMQ
 * wildcards ({@code ie.ie.lab.>}); MQTT clients see the same topic with '/' ({@code
 * ie/ie/lab/scope/waveform}) and STOMP clients as {@code /topic/ie.ie.lab.scope.waveform}.
 */
public final class TopicNames {
  /** The prefix an Instrument Element uses unless {@code broker.topicPrefix} says otherwise. */
  public static final String DEFAULT_PREFIX = "ie";

  private TopicNames() {}

  /** The JMS (OpenWire) topic of an attribute. */
  public static String topic(String prefix, String ieName, String imPath, String attribute) {
    return subtree(prefix, ieName, imPath) + "." + attribute;
  }

  /**
   * The topic that carries an attribute's trace as the instrument's codes ({@link
   * BodyType#INT8_CODES}, INT16_CODES), next to its topic of doubles: {@code <topic>.codes}. Only
   * an attribute declared as codes has one; whoever may subscribe to the attribute's topic may
   * subscribe to it.
   */
  public static String codes(String topic) {
    return topic + "." + CODES_SUFFIX;
  }

  /** The last segment of a codes topic. */
  public static final String CODES_SUFFIX = "codes";

  /** The last segment of the element's alarm topic, {@code <prefix>.<ie name>.alarms}. */
  public static final String ALARMS = "alarms";

  /** The JMS topic name of an IM, whose attributes' topics are below it. */
  public static String subtree(String prefix, String ieName, String imPath) {
    return prefix + "." + ieName + "." + imPath.replace('/', '.');
  }

  /** The same topic as an MQTT client names it. */
  public static String mqttTopic(String topic) {
    return topic.replace('.', '/');
  }

  /** The same topic as a STOMP client names it. */
  public static String stompDestination(String topic) {
    return "/topic/" + topic;
  }
}
