package org.instrumentelement.ie.element;

import org.instrumentelement.ie.contract.TopicNames;
import org.instrumentelement.im.sensors.NodeInbox;

/**
 * The IM names that would put an IM's topics on another stream's. An IM's topics lie below {@code
 * <prefix>.<ie>.<IM path>} ({@link TopicNames}), and a grant on the IM reads {@code
 * <prefix>.<ie>.<IM path>.>}, which ActiveMQ matches against {@code <prefix>.<ie>.<IM path>} itself
 * too. So an IM {@code lab/scope/waveform} below the scope's attribute {@code waveform} would
 * publish its attribute {@code codes} on the scope's codes topic, and an observer of it alone would
 * read the scope's trace. The same goes for a child named after its parent's command topic ({@code
 * commands}) or, below a sensor network, its nodes' topics ({@code nodes}), and for an IM at the
 * top named after the element's alarm topic ({@code alarms}). Names hold no dot, so IMs of
 * different paths otherwise never share a topic.
 */
final class TopicClashes {
  private TopicClashes() {}

  /**
   * Why an IM at {@code path} may not have its name, in the IE's words ending in what to do, or
   * null when the name is free.
   *
   * @param parent the IM above it, opened (its attributes known); null at the top
   * @param topicPrefix {@code broker.topicPrefix}
   * @param ieName the element's name in its topics
   */
  static String clash(String path, ImNode parent, String topicPrefix, String ieName) {
    String name = path.substring(path.lastIndexOf('/') + 1);
    String subtree = TopicNames.subtree(topicPrefix, ieName, path);
    String what = parent == null ? atTop(name) : below(parent, name, subtree);
    return what == null
        ? null
        : "the IM "
            + path
            + " may not be named '"
            + name
            + "': its topics would lie below "
            + subtree
            + ", "
            + what
            + ", and whoever may observe the IM would read that too: rename the IM";
  }

  private static String atTop(String name) {
    return TopicNames.ALARMS.equals(name) ? "the element's alarm topic" : null;
  }

  private static String below(ImNode parent, String name, String subtree) {
    if (InstrumentElement.COMMANDS.equals(name)) {
      return "the command topic of " + parent.path();
    }
    if (NodeInbox.NODES.equals(name) && parent.im() instanceof NodeInbox) {
      return "under which the nodes of " + parent.path() + " publish";
    }
    if (parent.im().model().attributes().stream().anyMatch(a -> a.name().equals(name))) {
      return "the topic of "
          + parent.path()
          + "'s attribute '"
          + name
          + "' (and, for a trace, its codes topic "
          + TopicNames.codes(subtree)
          + ")";
    }
    return null;
  }
}
