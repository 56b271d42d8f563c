package org.instrumentelement.im.descriptor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.instrumentelement.ial.ResourceManager;
import org.instrumentelement.ial.mock.MockSessionProvider;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.im.AbstractInstrumentManager;
import org.instrumentelement.im.ImContext;
import org.instrumentelement.im.InstrumentManager;
import org.instrumentelement.im.command.CommandRun;
import org.instrumentelement.im.command.CommandRunner;
import org.instrumentelement.im.command.CommandStatus;
import org.instrumentelement.im.command.RunState;
import org.instrumentelement.im.model.ImException;
import org.instrumentelement.im.model.States;
import org.instrumentelement.im.model.Value;
import org.instrumentelement.im.model.ValueType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The SCPI DMM profile's long-running logReadings over the mock DMM. */
class DmmLogReadingsTest {
  private static final Duration DEADLINE = Duration.ofSeconds(20);
  private final ResourceManager rm = new ResourceManager().register(new MockSessionProvider());
  private final InstrumentManager dmm = new DescriptorInstrumentManager();
  private final CommandRunner runner =
      new CommandRunner(
          Duration.ofMinutes(5), Duration.ofMinutes(5), 100, Clock.systemUTC(), s -> {});

  @BeforeEach
  void open() throws Exception {
    dmm.open(
        new ImContext(
            "lab/dmm",
            "MOCK::dmm",
            rm,
            Map.of(),
            Duration.ofSeconds(2),
            true,
            false,
            List::of,
            Map.of(ImContext.DESCRIPTOR, "scpi-dmm")));
  }

  @AfterEach
  void close() {
    runner.close();
    dmm.close();
    rm.close();
  }

  private static Map<String, Value> args(long count, double interval) {
    return Map.of(
        "count", Value.ofInteger(count, Instant.now()),
        "interval", Value.ofDouble(interval, Instant.now()));
  }

  @Test
  void logsEveryReadingAsAnIntermediateResultAndAllAsTheResult() throws Exception {
    assertTrue(dmm.model().command("logReadings").isLongRunning());
    assertTrue(dmm.model().states().contains("LOGGING"));
    CommandRun run =
        runner.start("lab/dmm", "logReadings", dmm.beginCommand("logReadings", args(4, 0.01)));
    CommandStatus end = runner.await(run, DEADLINE);
    assertEquals(RunState.SUCCEEDED, end.state(), end.error());
    assertEquals(4, end.intermediateCount());
    assertEquals(ValueType.DOUBLE_ARRAY, end.result().type());
    assertEquals(4, end.result().asDoubles().length);
    for (double d : end.result().asDoubles()) {
      assertEquals(1.23456, d, 1e-3);
    }
    assertEquals(States.LINKED, dmm.state());
  }

  @Test
  void whileLoggingParametersAreRefusedAndTheIdentityServedThenCancelAborts() throws Exception {
    CommandRun run =
        runner.start("lab/dmm", "logReadings", dmm.beginCommand("logReadings", args(1000, 0.05)));
    assertEquals("LOGGING", dmm.state());
    long end = System.nanoTime() + DEADLINE.toNanos();
    while (run.status().intermediateCount() < 2 && System.nanoTime() < end) {
      Thread.sleep(5); // polling a condition with a deadline
    }
    assertTrue(run.status().intermediateCount() >= 2);
    assertEquals(
        FaultCode.NOT_ALLOWED_IN_STATE,
        assertThrows(
                ImException.class,
                () -> dmm.setParameter("function", Value.ofEnum("ACV", Instant.now())))
            .code());
    assertEquals(
        FaultCode.NOT_ALLOWED_IN_STATE,
        assertThrows(ImException.class, () -> dmm.getAttribute("reading")).code());
    assertTrue(dmm.getAttribute("identity").asString().contains("34461A"));
    run.cancel("carol", FaultCode.CANCELLED, "cancelled by carol");
    assertEquals(RunState.CANCELLED, runner.await(run, DEADLINE).state());
    assertEquals(States.LINKED, dmm.state());
    assertEquals(1.23456, dmm.getAttribute("reading").asDouble(), 1e-3);
  }

  @Test
  void descriptorKeysOfLongCommandsAreChecked() {
    Properties p = new Properties();
    p.setProperty("command.log.send", "INIT");
    p.setProperty("command.log.steps", "{count}");
    ImException e =
        assertThrows(
            ImException.class,
            () ->
                DescriptorParser.parse(
                    "t", p, org.instrumentelement.im.model.ImModel.builder("scpi")));
    assertTrue(e.getMessage().contains("runningState"), e.getMessage());

    p.setProperty("command.log.runningState", "LOGGING");
    e =
        assertThrows(
            ImException.class,
            () ->
                DescriptorParser.parse(
                    "t", p, org.instrumentelement.im.model.ImModel.builder("scpi")));
    assertTrue(e.getMessage().contains("no argument 'count'"), e.getMessage());
    assertTrue(AbstractInstrumentManager.class.isAssignableFrom(DescriptorInstrumentManager.class));
  }
}
