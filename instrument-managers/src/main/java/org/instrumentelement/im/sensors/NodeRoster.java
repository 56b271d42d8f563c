package org.instrumentelement.im.sensors;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The nodes of a sensor network in a stable order: the declared ones in the order of the
 * configuration, then the discovered ones in the order they were first heard. A node keeps its
 * place for the IM's whole run, so an index into the aggregate vectors means the same node until
 * the node is forgotten.
 */
final class NodeRoster {
  /** A node name: a topic level that is also part of an attribute name. */
  static final Pattern NAME = Pattern.compile("[A-Za-z0-9_]{1,64}");

  private final Map<String, SensorNode> byName = new ConcurrentHashMap<>();
  private volatile List<SensorNode> ordered = List.of();

  /**
   * @param declared the configured nodes, in order
   * @throws IllegalArgumentException for a name that is not a node name, or one given twice
   */
  NodeRoster(List<String> declared) {
    List<SensorNode> nodes = new ArrayList<>();
    for (String n : declared) {
      if (!NAME.matcher(n).matches()) {
        throw new IllegalArgumentException(
            "'" + n + "' is not a node name (1 to 64 letters, digits or _)");
      }
      SensorNode node = new SensorNode(n, true);
      if (byName.putIfAbsent(n, node) != null) {
        throw new IllegalArgumentException("node '" + n + "' is declared twice");
      }
      nodes.add(node);
    }
    ordered = List.copyOf(nodes);
  }

  /** The node of that name, or null. */
  SensorNode get(String name) {
    return byName.get(name);
  }

  /**
   * The node of that name, added at the end if it is new and there is room.
   *
   * @return the node, or null if the name is not a node name or {@code maxNodes} are known
   */
  SensorNode discover(String name, int maxNodes) {
    SensorNode n = byName.get(name);
    if (n != null) {
      return n;
    }
    if (!NAME.matcher(name).matches()) {
      return null;
    }
    synchronized (this) {
      n = byName.get(name);
      if (n == null) {
        if (ordered.size() >= maxNodes) {
          return null;
        }
        n = new SensorNode(name, false);
        List<SensorNode> more = new ArrayList<>(ordered);
        more.add(n);
        ordered = List.copyOf(more);
        byName.put(name, n);
      }
      return n;
    }
  }

  /**
   * Forgets a node: a discovered one leaves the roster (it comes back at the end if it is heard
   * again and discovery is on); a declared one keeps its place with no value and zero counters.
   *
   * @return false if there is no such node
   */
  synchronized boolean forget(String name) {
    SensorNode n = byName.get(name);
    if (n == null) {
      return false;
    }
    if (n.declared()) {
      n.clear();
      return true;
    }
    byName.remove(name);
    List<SensorNode> fewer = new ArrayList<>(ordered);
    fewer.remove(n);
    ordered = List.copyOf(fewer);
    return true;
  }

  /** Every node, in the roster's order. */
  List<SensorNode> nodes() {
    return ordered;
  }
}
