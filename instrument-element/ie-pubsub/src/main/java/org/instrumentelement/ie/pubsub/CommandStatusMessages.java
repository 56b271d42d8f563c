package org.instrumentelement.ie.pubsub;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BinaryOperator;
import java.util.function.Consumer;
import java.util.function.ToLongFunction;
import org.instrumentelement.ie.element.InstrumentElement;
import org.instrumentelement.im.command.CommandStatus;
import org.instrumentelement.im.command.IntermediateResult;
import org.instrumentelement.im.model.Value;
import org.instrumentelement.im.sampling.Sample;
import org.instrumentelement.im.sampling.SampleSink;

/**
 * Publishes every status change of a long-running command on its IM's command topic, {@code
 * <prefix>.<ie>.<IM path>.}{@value #TOPIC_SEGMENT}: a STRING message (same properties as a value
 * message, {@code ieAttribute} = {@value #TOPIC_SEGMENT}) whose body is the status as JSON. Beside
 * the IM's attribute topics, the broker lets whoever may observe the IM read it. As on every topic,
 * statuses are sent in order, the oldest unsent dropped only when the publisher's queue for the
 * topic is full (a gap in {@code ieSequence}). Vectors are not carried (only their length):
 * getCommandStatus gives them.
 */
public final class CommandStatusMessages implements Consumer<CommandStatus> {
  /** The last segment of a command topic; no IM may have an attribute of that name. */
  public static final String TOPIC_SEGMENT = InstrumentElement.COMMANDS;

  private static final ObjectMapper JSON = new ObjectMapper();

  private final TopicSinks sinks;
  private final BinaryOperator<String> topicOf;
  private final ToLongFunction<String> provenanceOf;
  private final Map<String, AtomicLong> sequences = new ConcurrentHashMap<>();
  private final Map<String, SampleSink> sinkOf = new ConcurrentHashMap<>();

  /**
   * @param sinks the publisher, which binds a sink to each IM's command topic on its first status
   * @param topicOf the topic of an IM path and attribute ({@link Subscriptions#topic})
   * @param provenanceOf an IM's provenance revision now, by path (0 for one that keeps none): a
   *     status carries it in {@code ieProvenance} as values do
   */
  public CommandStatusMessages(
      TopicSinks sinks, BinaryOperator<String> topicOf, ToLongFunction<String> provenanceOf) {
    this.sinks = sinks;
    this.topicOf = topicOf;
    this.provenanceOf = provenanceOf;
  }

  @Override
  public void accept(CommandStatus s) {
    long sequence = sequences.computeIfAbsent(s.im(), k -> new AtomicLong()).incrementAndGet();
    SampleSink sink =
        sinkOf.computeIfAbsent(
            s.im(),
            im ->
                sinks.bind(
                    new PublishedTopic(topicOf.apply(im, TOPIC_SEGMENT), "", im, TOPIC_SEGMENT)));
    Instant now = Instant.now();
    sink.accept(
        new Sample(
            s.im(),
            TOPIC_SEGMENT,
            Value.ofString(json(s), now),
            sequence,
            false,
            provenanceOf.applyAsLong(s.im())));
  }

  /** The message body: the status as JSON (see docs/long-running-commands.md). */
  static String json(CommandStatus s) {
    ObjectNode o = JSON.createObjectNode();
    o.put("commandId", s.id());
    o.put("im", s.im());
    o.put("command", s.command());
    o.put("state", s.state().name());
    o.put("progress", s.fraction());
    o.put("text", s.text());
    o.put("started", s.started().toString());
    o.put("ended", s.ended() == null ? null : s.ended().toString());
    o.put("elapsedSeconds", s.elapsed().toNanos() / 1e9);
    if (s.remaining() == null) {
      o.putNull("remainingSeconds");
    } else {
      o.put("remainingSeconds", s.remaining().toNanos() / 1e9);
    }
    o.put("intermediateCount", s.intermediateCount());
    if (!s.intermediate().isEmpty()) {
      IntermediateResult last = s.intermediate().get(s.intermediate().size() - 1);
      ObjectNode i = value(last.value());
      i.put("index", last.index());
      o.set("lastIntermediate", i);
    }
    if (s.result() != null) {
      o.set("result", value(s.result()));
    }
    o.put("faultCode", s.errorCode() == null ? null : s.errorCode().name());
    o.put("error", s.error());
    o.put("cancelledBy", s.cancelledBy());
    return o.toString();
  }

  private static ObjectNode value(Value v) {
    ObjectNode o = JSON.createObjectNode();
    o.put("type", v.type().name());
    switch (v.type()) {
      case DOUBLE -> o.put("value", v.asDouble());
      case INTEGER -> o.put("value", v.asLong());
      case BOOLEAN -> o.put("value", v.asBoolean());
      case STRING, ENUM -> o.put("value", v.asString());
      case DOUBLE_ARRAY -> o.put("length", v.vectorLength());
    }
    return o;
  }
}
