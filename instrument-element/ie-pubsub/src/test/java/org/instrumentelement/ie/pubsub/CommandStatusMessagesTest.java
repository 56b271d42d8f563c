package org.instrumentelement.ie.pubsub;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.im.command.CommandStatus;
import org.instrumentelement.im.command.IntermediateResult;
import org.instrumentelement.im.command.RunState;
import org.instrumentelement.im.model.Value;
import org.instrumentelement.im.model.ValueType;
import org.instrumentelement.im.sampling.Sample;
import org.junit.jupiter.api.Test;

/** The command topic's messages: what docs/long-running-commands.md says they carry. */
class CommandStatusMessagesTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Instant T0 = Instant.parse("2026-11-23T17:30:00.120Z");

  private static CommandStatus status(RunState state, Value result, FaultCode code) {
    return new CommandStatus(
        "c-1",
        "lab/scope",
        "acquireAverage",
        state,
        0.25,
        "trace 16 of 64",
        T0,
        state.ended() ? T0.plusSeconds(4) : null,
        Duration.ofMillis(3300),
        state.ended() ? null : Duration.ofMillis(9900),
        16,
        List.of(new IntermediateResult(16, Value.ofDouble(3.1, T0))),
        result,
        code,
        code == null ? "" : "cancelled by alice",
        code == null ? "" : "alice");
  }

  @Test
  void aRunningStatusCarriesTheDocumentedFields() throws Exception {
    JsonNode m = JSON.readTree(CommandStatusMessages.json(status(RunState.RUNNING, null, null)));
    Set<String> fields = new TreeSet<>();
    m.fieldNames().forEachRemaining(fields::add);
    assertEquals(
        new TreeSet<>(
            List.of(
                "commandId",
                "im",
                "command",
                "state",
                "progress",
                "text",
                "started",
                "ended",
                "elapsedSeconds",
                "remainingSeconds",
                "intermediateCount",
                "lastIntermediate",
                "faultCode",
                "error",
                "cancelledBy")),
        fields);
    assertEquals("RUNNING", m.get("state").asText());
    assertEquals(0.25, m.get("progress").asDouble());
    assertEquals("2026-11-23T17:30:00.120Z", m.get("started").asText());
    assertTrue(m.get("ended").isNull());
    assertEquals(9.9, m.get("remainingSeconds").asDouble(), 1e-9);
    assertEquals(16, m.get("lastIntermediate").get("index").asLong());
    assertEquals(3.1, m.get("lastIntermediate").get("value").asDouble());
    assertEquals("DOUBLE", m.get("lastIntermediate").get("type").asText());
  }

  @Test
  void aVectorResultIsToldByItsLengthOnly() throws Exception {
    Value trace = Value.ofDoubles(new double[2500], T0);
    JsonNode m = JSON.readTree(CommandStatusMessages.json(status(RunState.SUCCEEDED, trace, null)));
    assertEquals(ValueType.DOUBLE_ARRAY.name(), m.get("result").get("type").asText());
    assertEquals(2500, m.get("result").get("length").asInt());
    assertFalse(m.get("result").has("value"));
    assertTrue(m.get("remainingSeconds").isNull());
  }

  @Test
  void aCancelSaysWhoAndWhy() throws Exception {
    JsonNode m =
        JSON.readTree(
            CommandStatusMessages.json(status(RunState.CANCELLED, null, FaultCode.CANCELLED)));
    assertEquals("CANCELLED", m.get("faultCode").asText());
    assertEquals("alice", m.get("cancelledBy").asText());
    assertEquals("2026-11-23T17:30:04.120Z", m.get("ended").asText());
  }

  @Test
  void eachImHasItsOwnSequenceOnItsCommandTopic() {
    List<Sample> sent = new ArrayList<>();
    List<PublishedTopic> bound = new ArrayList<>();
    CommandStatusMessages messages =
        new CommandStatusMessages(
            topic -> {
              bound.add(topic);
              return sent::add;
            },
            (im, attribute) -> "ie.test." + im.replace('/', '.') + "." + attribute,
            im -> im.equals("lab/scope") ? 7 : 0);
    messages.accept(status(RunState.RUNNING, null, null));
    messages.accept(status(RunState.RUNNING, null, null));
    assertEquals(List.of(1L, 2L), sent.stream().map(Sample::sequence).toList());
    assertEquals(7, sent.get(0).provenance(), "the IM's provenance revision, as values carry it");
    assertEquals("commands", sent.get(0).attribute());
    assertEquals("lab/scope", sent.get(0).imPath());
    assertEquals(ValueType.STRING, sent.get(0).value().type());
    assertEquals(
        List.of(new PublishedTopic("ie.test.lab.scope.commands", "", "lab/scope", "commands")),
        bound,
        "one sink bound per IM, on its first status");
  }
}
