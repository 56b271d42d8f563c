package org.instrumentelement.ie.pubsub;

/**
 * The topic of an attribute: {@code <prefix>.<ie name>.<IM path with '/' as '.'>.<attribute>}, for
 * example {@code ie.ie.lab.scope.waveform}. The dots make the hierarchy usable with ActiveMQ
 * wildcards ({@code ie.ie.lab.>}); MQTT clients see the same topic with '/' ({@code
 * ie/ie/lab/scope/waveform}) and STOMP clients as {@code /topic/ie.ie.lab.scope.waveform}.
 */
public final class TopicNames {
  private TopicNames() {}

  public static String topic(String prefix, String ieName, String imPath, String attribute) {
    return prefix + "." + ieName + "." + imPath.replace('/', '.') + "." + attribute;
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
