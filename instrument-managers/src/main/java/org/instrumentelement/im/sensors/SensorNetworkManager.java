package org.instrumentelement.im.sensors;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;
import org.instrumentelement.ial.InstrumentSession;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.im.AbstractInstrumentManager;
import org.instrumentelement.im.ImContext;
import org.instrumentelement.im.InstrumentManager;
import org.instrumentelement.im.alarm.AlarmListener;
import org.instrumentelement.im.model.ArgumentSpec;
import org.instrumentelement.im.model.AttributeSpec;
import org.instrumentelement.im.model.CommandSpec;
import org.instrumentelement.im.model.ImException;
import org.instrumentelement.im.model.ImModel;
import org.instrumentelement.im.model.ParameterSpec;
import org.instrumentelement.im.model.Quality;
import org.instrumentelement.im.model.States;
import org.instrumentelement.im.model.Value;
import org.instrumentelement.im.model.ValueSpec;

/**
 * A sensor network as one instrument: many small nodes, each publishing readings on its own topic,
 * gathered into per-node and aggregate attributes. The nodes are declared in the configuration
 * ({@value ImContext#NODES}; each gets attributes of its own) or discovered on their first
 * well-formed message (parameter {@code discover}). Readings are taken while the IM is LINKED or
 * RUNNING; a node that has sent nothing for {@code staleAfter} seconds turns BAD and raises an
 * alarm ({@link NodeWatch}) until it reports again. Malformed, oversized, late and unwanted
 * messages are counted and dropped: no message can make the IM fail.
 */
public class SensorNetworkManager extends AbstractInstrumentManager implements NodeInbox {
  static final String VALUES = "values";
  static final String NODE_NAMES = "nodeNames";
  static final String TIMESTAMPS = "timestamps";
  static final String MIN = "min";
  static final String MAX = "max";
  static final String MEAN = "mean";
  static final String GOOD_NODES = "goodNodes";
  static final String BAD_NODES = "badNodes";
  static final String MESSAGE_COUNTS = "messageCounts";
  static final String GAP_COUNTS = "gapCounts";
  static final String LATE_COUNTS = "lateCounts";
  static final String MALFORMED_COUNTS = "malformedCounts";
  static final String MESSAGES_TOTAL = "messagesTotal";
  static final String MALFORMED_TOTAL = "malformedTotal";
  static final String REFUSED_TOTAL = "refusedTotal";

  /** The attribute of a declared node's latest reading: {@code node_<name>}. */
  static final String NODE_PREFIX = "node_";

  /** The attribute of a declared node's counters: {@code node_<name>_counters}. */
  static final String COUNTERS_SUFFIX = "_counters";

  static final ImModel MODEL =
      standardModel("sensor-network")
          .description(
              "Sensor nodes publishing readings to the broker, gathered into one instrument.")
          .parameter(
              ParameterSpec.of(
                  "format",
                  ValueSpec.choice(ReadingFormat.configNames()),
                  Value.ofEnum(ReadingFormat.JSON.configName(), Instant.EPOCH),
                  "How nodes encode readings: json, le-doubles or le-seq-time-doubles."))
          .parameter(
              ParameterSpec.of(
                  "discover",
                  ValueSpec.bool(),
                  Value.ofBoolean(true, Instant.EPOCH),
                  "Take nodes not declared in the configuration on their first message."))
          .parameter(
              ParameterSpec.of(
                  "staleAfter",
                  ValueSpec.number("s", 0.001, 86_400),
                  Value.ofDouble(5, Instant.EPOCH),
                  "A node silent for longer turns BAD."))
          .parameter(
              ParameterSpec.of(
                  "channel",
                  ValueSpec.integer(0, 4095),
                  Value.ofInteger(0, Instant.EPOCH),
                  "Which value of each node's reading goes into 'values' and min/max/mean."))
          .parameter(
              ParameterSpec.of(
                  "maxValues",
                  ValueSpec.integer(1, 4096),
                  Value.ofInteger(64, Instant.EPOCH),
                  "The most values one reading may carry."))
          .parameter(
              ParameterSpec.of(
                  "maxMessageBytes",
                  ValueSpec.integer(8, 65_536),
                  Value.ofInteger(4096, Instant.EPOCH),
                  "A longer node message is counted as malformed and dropped."))
          .parameter(
              ParameterSpec.of(
                  "maxNodes",
                  ValueSpec.integer(1, 100_000),
                  Value.ofInteger(10_000, Instant.EPOCH),
                  "The most nodes, declared and discovered; others are refused."))
          .attribute(
              vector(VALUES, "Each node's latest value (NaN: none, or BAD), in node order.")
                  .asSubscribable())
          .attribute(
              AttributeSpec.readOnly(
                      NODE_NAMES,
                      ValueSpec.text(Integer.MAX_VALUE),
                      "The nodes' names, comma-separated, in the order of the vectors.")
                  .asSubscribable())
          .attribute(vector(TIMESTAMPS, "Each node's time of its latest reading, ms since 1970."))
          .attribute(number(MIN, "The smallest value of the GOOD nodes.").asSubscribable())
          .attribute(number(MAX, "The largest value of the GOOD nodes.").asSubscribable())
          .attribute(number(MEAN, "The mean value of the GOOD nodes.").asSubscribable())
          .attribute(count(GOOD_NODES, "Nodes heard from within staleAfter."))
          .attribute(count(BAD_NODES, "Nodes not heard from within staleAfter, or never."))
          .attribute(vector(MESSAGE_COUNTS, "Messages per node, in node order."))
          .attribute(vector(GAP_COUNTS, "Sequence numbers skipped per node (missed messages)."))
          .attribute(vector(LATE_COUNTS, "Messages per node older than one already taken."))
          .attribute(vector(MALFORMED_COUNTS, "Malformed or oversized messages per node."))
          .attribute(count(MESSAGES_TOTAL, "Node messages received while linked."))
          .attribute(count(MALFORMED_TOTAL, "Malformed or oversized messages, of any node."))
          .attribute(
              count(REFUSED_TOTAL, "Messages of unknown nodes, over maxNodes, or while unlinked."))
          .command(
              nodeCommand(
                  "forgetNode",
                  "Forget a node: a discovered one leaves the vectors, a declared one is reset."))
          .command(nodeCommand("nodeValue", "The latest reading of one node, with its quality."))
          .command(
              nodeCommand(
                  "nodeCounters", "One node's messages, gaps, late, malformed and restarts."))
          .build();

  private volatile NodeRoster roster = new NodeRoster(List.of());
  private final LongAdder messagesTotal = new LongAdder();
  private final LongAdder malformedTotal = new LongAdder();
  private final LongAdder refusedTotal = new LongAdder();

  private final NodeWatch watch = new NodeWatch();

  public SensorNetworkManager() {
    super(MODEL);
    addStateListener(this::stateChanged);
  }

  /** Raises an alarm for each node that goes silent, from link to unlink. */
  @Override
  public void addAlarmListener(AlarmListener listener) {
    watch.addListener(listener);
  }

  /** Nodes are watched while the IM takes readings (LINKED or RUNNING). */
  private void stateChanged(InstrumentManager im, String from, String to) {
    boolean was = States.CONNECTED.contains(from);
    boolean is = States.CONNECTED.contains(to);
    if (is && !was) {
      watch.start(path(), () -> roster.nodes(), this::staleAfterOrDefault);
    } else if (was && !is) {
      watch.stop(path() + " is " + to + ": its nodes are not watched");
    }
  }

  private Duration staleAfterOrDefault() {
    try {
      return staleAfter();
    } catch (ImException e) {
      return Duration.ofSeconds(5);
    }
  }

  private static AttributeSpec vector(String name, String description) {
    return AttributeSpec.readOnly(name, ValueSpec.vector(""), description);
  }

  private static AttributeSpec number(String name, String description) {
    return AttributeSpec.readOnly(name, ValueSpec.number(""), description);
  }

  private static AttributeSpec count(String name, String description) {
    return AttributeSpec.readOnly(name, ValueSpec.integer(0, Long.MAX_VALUE), description);
  }

  private static CommandSpec nodeCommand(String name, String description) {
    return CommandSpec.of(
            name, Set.of(States.UNLINKED, States.LINKED, States.RUNNING), null, description)
        .withArguments(new ArgumentSpec("node", ValueSpec.text(64), null, "The node's name."));
  }

  /** The model with a value and a counters attribute for each declared node. */
  @Override
  protected ImModel configureModel(ImContext ctx) throws ImException {
    List<String> declared = new ArrayList<>();
    for (String n : ctx.options().getOrDefault(ImContext.NODES, "").split(",")) {
      if (!n.isBlank()) {
        declared.add(n.trim());
      }
    }
    try {
      roster = new NodeRoster(declared);
    } catch (IllegalArgumentException e) {
      throw new ImException(FaultCode.INVALID_VALUE, ctx.path() + ": " + e.getMessage(), e);
    }
    if (declared.isEmpty()) {
      return MODEL;
    }
    ImModel.Builder b = ImModel.builder(MODEL.type()).description(MODEL.description());
    MODEL.parameters().forEach(b::parameter);
    MODEL.attributes().forEach(b::attribute);
    MODEL.commands().forEach(b::command);
    for (String n : declared) {
      b.attribute(
          vector(NODE_PREFIX + n, "Node " + n + "'s latest reading (BAD when stale).")
              .asSubscribable());
      b.attribute(
          vector(
              NODE_PREFIX + n + COUNTERS_SUFFIX,
              "Node " + n + "'s messages, gaps, late, malformed and restarts."));
    }
    return b.build();
  }

  @Override
  protected boolean needsInstrument() {
    return false;
  }

  // ---- messages ------------------------------------------------------------------------------

  @Override
  public void deliver(String node, byte[] body, Instant received) {
    try {
      if (!States.CONNECTED.contains(state())) {
        refusedTotal.increment();
        return;
      }
      messagesTotal.increment();
      Reading r;
      try {
        if (body == null || body.length > intParameter("maxMessageBytes")) {
          throw new MalformedReadingException("oversized");
        }
        r = format().parse(body, intParameter("maxValues"));
      } catch (MalformedReadingException e) {
        malformedTotal.increment();
        SensorNode known = roster.get(node);
        if (known != null) {
          known.countMalformed();
        }
        return;
      }
      NodeRoster nodes = roster;
      SensorNode n = nodes.get(node);
      if (n == null && getParameter("discover").asBoolean()) {
        n = nodes.discover(node, intParameter("maxNodes"));
      }
      if (n == null) {
        refusedTotal.increment();
        return;
      }
      n.accept(r, received);
    } catch (ImException | RuntimeException e) {
      // A message must never make the IM fail: count it and go on.
      malformedTotal.increment();
    }
  }

  private ReadingFormat format() throws ImException {
    return ReadingFormat.of(getParameter("format").asString());
  }

  private int intParameter(String name) throws ImException {
    return (int) getParameter(name).asLong();
  }

  private Duration staleAfter() throws ImException {
    return Duration.ofNanos(Math.round(getParameter("staleAfter").asDouble() * 1e9));
  }

  // ---- attributes ----------------------------------------------------------------------------

  @Override
  protected Value readAttribute(InstrumentSession none, AttributeSpec a) throws ImException {
    Instant now = Instant.now();
    List<SensorNode> nodes = roster.nodes();
    Duration stale = staleAfter();
    String name = a.name();
    if (name.startsWith(NODE_PREFIX)) {
      boolean counters = name.endsWith(COUNTERS_SUFFIX);
      String node =
          name.substring(
              NODE_PREFIX.length(), name.length() - (counters ? COUNTERS_SUFFIX.length() : 0));
      SensorNode n = node(node);
      return counters ? counters(n, now) : n.value(now, stale);
    }
    return switch (name) {
      case VALUES -> aggregate(nodes, now, stale);
      case NODE_NAMES ->
          Value.ofString(String.join(",", nodes.stream().map(SensorNode::name).toList()), now);
      case TIMESTAMPS -> {
        double[] t = new double[nodes.size()];
        for (int i = 0; i < t.length; i++) {
          t[i] = nodes.get(i).timeMillis();
        }
        yield Value.ofDoubles(t, now);
      }
      case MIN, MAX, MEAN -> statistic(name, nodes, now, stale);
      case GOOD_NODES, BAD_NODES -> {
        long good = 0;
        for (SensorNode n : nodes) {
          if (!n.value(now, stale).quality().equals(Quality.BAD)) {
            good++;
          }
        }
        yield Value.ofInteger(name.equals(GOOD_NODES) ? good : nodes.size() - good, now);
      }
      case MESSAGE_COUNTS -> counterVector(nodes, 0, now);
      case GAP_COUNTS -> counterVector(nodes, 1, now);
      case LATE_COUNTS -> counterVector(nodes, 2, now);
      case MALFORMED_COUNTS -> counterVector(nodes, 3, now);
      case MESSAGES_TOTAL -> Value.ofInteger(messagesTotal.sum(), now);
      case MALFORMED_TOTAL -> Value.ofInteger(malformedTotal.sum(), now);
      case REFUSED_TOTAL -> Value.ofInteger(refusedTotal.sum(), now);
      default -> throw new ImException(FaultCode.INTERNAL_ERROR, "unhandled attribute " + name);
    };
  }

  /** Every node's value of the channel; GOOD if all are, BAD if none is, else UNCERTAIN. */
  private Value aggregate(List<SensorNode> nodes, Instant now, Duration stale) throws ImException {
    int channel = intParameter("channel");
    double[] v = new double[nodes.size()];
    int good = 0;
    for (int i = 0; i < v.length; i++) {
      v[i] = nodes.get(i).element(channel, now, stale);
      if (!Double.isNaN(v[i])) {
        good++;
      }
    }
    return Value.ofDoubles(v, now).withQuality(quality(good, v.length));
  }

  private Value statistic(String name, List<SensorNode> nodes, Instant now, Duration stale)
      throws ImException {
    int channel = intParameter("channel");
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    double sum = 0;
    int good = 0;
    for (SensorNode n : nodes) {
      double x = n.element(channel, now, stale);
      if (!Double.isNaN(x)) {
        min = Math.min(min, x);
        max = Math.max(max, x);
        sum += x;
        good++;
      }
    }
    double result =
        good == 0
            ? Double.NaN
            : switch (name) {
              case MIN -> min;
              case MAX -> max;
              default -> sum / good;
            };
    return Value.ofDouble(result, now).withQuality(quality(good, nodes.size()));
  }

  private static Quality quality(int good, int all) {
    return good == 0 ? Quality.BAD : good == all ? Quality.GOOD : Quality.UNCERTAIN;
  }

  private static Value counterVector(List<SensorNode> nodes, int which, Instant now) {
    double[] v = new double[nodes.size()];
    for (int i = 0; i < v.length; i++) {
      v[i] = nodes.get(i).counters()[which];
    }
    return Value.ofDoubles(v, now);
  }

  private static Value counters(SensorNode n, Instant now) {
    long[] c = n.counters();
    double[] v = new double[c.length];
    for (int i = 0; i < c.length; i++) {
      v[i] = c[i];
    }
    return Value.ofDoubles(v, now);
  }

  private SensorNode node(String name) throws ImException {
    SensorNode n = roster.get(name);
    if (n == null) {
      throw new ImException(FaultCode.INVALID_VALUE, path() + " has no node '" + name + "'");
    }
    return n;
  }

  // ---- commands ------------------------------------------------------------------------------

  @Override
  protected Value onCommand(InstrumentSession none, CommandSpec c, Map<String, Value> args)
      throws ImException {
    String name = args.get("node").asString();
    Instant now = Instant.now();
    return switch (c.name()) {
      case "forgetNode" -> {
        if (!roster.forget(name)) {
          throw new ImException(FaultCode.INVALID_VALUE, path() + " has no node '" + name + "'");
        }
        yield null;
      }
      case "nodeValue" -> node(name).value(now, staleAfter());
      case "nodeCounters" -> counters(node(name), now);
      default -> throw new ImException(FaultCode.INTERNAL_ERROR, "unhandled command " + c.name());
    };
  }
}
