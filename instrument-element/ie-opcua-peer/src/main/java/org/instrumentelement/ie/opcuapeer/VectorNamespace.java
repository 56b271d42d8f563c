package org.instrumentelement.ie.opcuapeer;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.milo.opcua.sdk.core.AccessLevel;
import org.eclipse.milo.opcua.sdk.core.Reference;
import org.eclipse.milo.opcua.sdk.core.ValueRanks;
import org.eclipse.milo.opcua.sdk.server.ManagedNamespaceWithLifecycle;
import org.eclipse.milo.opcua.sdk.server.OpcUaServer;
import org.eclipse.milo.opcua.sdk.server.items.DataItem;
import org.eclipse.milo.opcua.sdk.server.items.MonitoredItem;
import org.eclipse.milo.opcua.sdk.server.nodes.UaVariableNode;
import org.eclipse.milo.opcua.stack.core.NodeIds;
import org.eclipse.milo.opcua.stack.core.types.builtin.DataValue;
import org.eclipse.milo.opcua.stack.core.types.builtin.LocalizedText;
import org.eclipse.milo.opcua.stack.core.types.builtin.NodeId;
import org.eclipse.milo.opcua.stack.core.types.builtin.Variant;
import org.eclipse.milo.opcua.stack.core.types.builtin.unsigned.UInteger;

/**
 * The peer's address space: one {@code Double[N]} variable {@code vector<N>} per length, organized
 * under the Objects folder. Each holds random values; {@link #update} replaces a vector by a new
 * one whose element 0 is its sequence number (from 1) and element 1 its time (µs since 1970), and
 * hands it to every MonitoredItem on it at once (report by exception, as the IE publishes each
 * sample): no sampling timer stands between an update and the subscriptions' queues.
 */
final class VectorNamespace extends ManagedNamespaceWithLifecycle {
  /** The namespace's URI; clients look its index up in the server's namespace table. */
  static final String URI = "urn:instrumentelement:opcua-peer";

  private final Map<Integer, UaVariableNode> nodes = new HashMap<>();
  private final Map<Integer, Double[]> values = new HashMap<>();
  private final Map<NodeId, Set<DataItem>> items = new ConcurrentHashMap<>();

  VectorNamespace(OpcUaServer server, List<Integer> lengths) {
    super(server, URI);
    Random random = new Random(42);
    for (int length : lengths) {
      Double[] v = new Double[length];
      for (int i = 0; i < length; i++) {
        v[i] = random.nextGaussian();
      }
      values.put(length, v);
    }
    getLifecycleManager().addStartupTask(this::addNodes);
  }

  /** The node name of the vector of this length. */
  static String nodeName(int length) {
    return "vector" + length;
  }

  private void addNodes() {
    for (Map.Entry<Integer, Double[]> e : values.entrySet()) {
      String name = nodeName(e.getKey());
      UaVariableNode node =
          new UaVariableNode.UaVariableNodeBuilder(getNodeContext())
              .setNodeId(newNodeId(name))
              .setBrowseName(newQualifiedName(name))
              .setDisplayName(LocalizedText.english(name))
              .setDataType(NodeIds.Double)
              .setValueRank(ValueRanks.OneDimension)
              .setArrayDimensions(new UInteger[] {UInteger.valueOf(e.getKey())})
              .setAccessLevel(AccessLevel.CurrentRead)
              .setUserAccessLevel(AccessLevel.CurrentRead)
              .setValue(new DataValue(new Variant(e.getValue())))
              .build();
      node.addReference(
          new Reference(
              node.getNodeId(), NodeIds.Organizes, NodeIds.ObjectsFolder.expanded(), false));
      getNodeManager().addNode(node);
      nodes.put(e.getKey(), node);
    }
  }

  /**
   * Replaces the vector of this length by a new one carrying {@code sequence} and the time now, and
   * queues it for every enabled MonitoredItem on it.
   */
  void update(int length, long sequence) {
    Double[] v = values.get(length).clone();
    v[0] = (double) sequence;
    v[1] = (double) ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now());
    DataValue value = new DataValue(new Variant(v));
    UaVariableNode node = nodes.get(length);
    node.setValue(value);
    for (DataItem item : items.getOrDefault(node.getNodeId(), Set.of())) {
      if (item.isSamplingEnabled()) {
        item.setValue(value);
      }
    }
  }

  @Override
  public void onDataItemsCreated(List<DataItem> created) {
    for (DataItem item : created) {
      items
          .computeIfAbsent(item.getReadValueId().getNodeId(), n -> ConcurrentHashMap.newKeySet())
          .add(item);
    }
  }

  @Override
  public void onDataItemsModified(List<DataItem> modified) {
    // Sampling interval and queue size live in the item; nothing is kept here for them.
  }

  @Override
  public void onDataItemsDeleted(List<DataItem> deleted) {
    for (DataItem item : deleted) {
      Set<DataItem> onNode = items.get(item.getReadValueId().getNodeId());
      if (onNode != null) {
        onNode.remove(item);
      }
    }
  }

  @Override
  public void onMonitoringModeChanged(List<MonitoredItem> changed) {
    // update() asks each item whether it is enabled.
  }
}
