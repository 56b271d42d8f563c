package org.instrumentelement.ie.pubsub.security;

import java.util.Optional;
import org.apache.activemq.command.ActiveMQDestination;

/**
 * What a publisher may name as the destination of a message: exactly one topic (or one temporary
 * destination, which only administrators may use), by its exact name. ActiveMQ delivers a message
 * sent to a wildcard ({@code ie.ie.lab.*}, {@code ie.ie.>}; MQTT's {@code +} and {@code #} arrive
 * as these) to every topic the pattern matches, and one sent to a composite destination ({@code
 * a,b}) to each part, while its authorization map grants such a send if any matching topic may be
 * written: a node allowed one topic would reach all its siblings. So the shape of the destination
 * is checked first, on its own, and the authorization map only ever sees single exact names.
 */
public final class PublishTarget {
  private PublishTarget() {}

  /**
   * Why a message may not be sent to {@code d}, or empty when {@code d} is one exact topic or
   * temporary destination (whether this publisher may write it is the authorization map's to say).
   */
  public static Optional<String> refusal(ActiveMQDestination d) {
    if (d == null) {
      return Optional.of("no destination");
    }
    String name = d.getPhysicalName();
    // The name is scanned as well as the flags ActiveMQ derives from it: the flags are transient
    // and set only where a destination is built from its name.
    if (d.isComposite() || name.indexOf(ActiveMQDestination.COMPOSITE_SEPERATOR) >= 0) {
      return Optional.of("a composite destination (',') names several, a publisher sends to one");
    }
    if (d.isPattern() || name.indexOf('*') >= 0 || name.indexOf('>') >= 0) {
      return Optional.of("a wildcard ('*', '>'; in MQTT '+', '#') names many topics, not one");
    }
    if (d.isQueue() && !d.isTemporary()) {
      return Optional.of("only topics are published to");
    }
    return Optional.empty();
  }
}
