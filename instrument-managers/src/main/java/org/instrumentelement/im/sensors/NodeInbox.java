package org.instrumentelement.im.sensors;

import java.time.Instant;

/**
 * An Instrument Manager whose instrument sends it messages, one stream per node, instead of being
 * asked. The Instrument Element subscribes to the nodes' topics ({@code <IM topic prefix>.}{@value
 * #NODES}{@code .<node>}) and hands every message to {@link #deliver}; the IM neither knows nor
 * cares how it travelled, so the dependency points one way: the server knows this interface, the IM
 * knows no broker.
 */
public interface NodeInbox {
  /** The topic level under the IM's own topics where nodes publish. */
  String NODES = "nodes";

  /**
   * Takes one message of a node. Never throws and never blocks on anything but the IM's own short
   * bookkeeping: a malformed, oversized or unwanted message is counted and dropped.
   *
   * @param node the node's name, the last level of the topic it was published to
   * @param body the message body as sent (not kept after the call returns)
   * @param received when the Instrument Element received it
   */
  void deliver(String node, byte[] body, Instant received);
}
