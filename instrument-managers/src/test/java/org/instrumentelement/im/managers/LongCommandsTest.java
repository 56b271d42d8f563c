package org.instrumentelement.im.managers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.instrumentelement.ial.ResourceManager;
import org.instrumentelement.ial.mock.MockSessionProvider;
import org.instrumentelement.ie.contract.FaultCode;
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
import org.junit.jupiter.api.Test;

/** The oscilloscope's acquireAverage and the group's runOnChildren over mock scopes. */
class LongCommandsTest {
  private static final Duration DEADLINE = Duration.ofSeconds(20);
  private final ResourceManager rm = new ResourceManager().register(new MockSessionProvider());
  private final CommandRunner runner =
      new CommandRunner(
          Duration.ofMinutes(5), Duration.ofMinutes(5), 100, Clock.systemUTC(), s -> {});
  private final OscilloscopeManager scope = new OscilloscopeManager();
  private final OscilloscopeManager scope2 = new OscilloscopeManager();
  private final GroupManager lab = new GroupManager();

  @AfterEach
  void close() {
    runner.close();
    lab.close();
    scope.close();
    scope2.close();
    rm.close();
  }

  /** A linked scope whose traces take {@code timebase} x 10 each. */
  private void open(OscilloscopeManager im, String path, String address, double timebase)
      throws ImException {
    im.open(
        new ImContext(
            path,
            address,
            rm,
            Map.of("timebase", Double.toString(timebase)),
            Duration.ofSeconds(2),
            true,
            false,
            List::of,
            Map.of(ImContext.RECONNECT, "false")));
  }

  private CommandRun start(InstrumentManager im, String command, Map<String, Value> args)
      throws ImException {
    return runner.start(im.path(), command, im.beginCommand(command, args));
  }

  private static Map<String, Value> count(long n) {
    return Map.of("count", Value.ofInteger(n, Instant.now()));
  }

  private static void await(BooleanSupplier condition, String what) throws InterruptedException {
    long end = System.nanoTime() + DEADLINE.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > end) {
        throw new AssertionError("not within " + DEADLINE + ": " + what);
      }
      Thread.sleep(5); // polling a condition with a deadline
    }
  }

  @Test
  void acquireAverageReturnsTheMeanTraceWithProgressPerTrace() throws Exception {
    open(scope, "lab/scope", "MOCK::oscilloscope", 1e-4);
    CommandRun run = start(scope, "acquireAverage", count(5));
    CommandStatus end = runner.await(run, DEADLINE);
    assertEquals(RunState.SUCCEEDED, end.state(), end.error());
    assertEquals(ValueType.DOUBLE_ARRAY, end.result().type());
    assertEquals(2500, end.result().asDoubles().length);
    assertEquals(5, end.intermediateCount(), "one peak-to-peak per trace");
    assertTrue(end.intermediate().get(0).value().asDouble() > 0);
    assertEquals(States.LINKED, scope.state(), "back where it started");
  }

  @Test
  void whileAveragingOnlyWhatTheStateAllowsIsServedAndCancelLeavesTheScopeStopped()
      throws Exception {
    open(scope, "lab/scope", "MOCK::oscilloscope", 0.01); // 0.1 s per trace
    CommandRun run = start(scope, "acquireAverage", count(1000));
    assertEquals(OscilloscopeManager.AVERAGING, scope.state(), "in the state from the start");
    await(() -> run.status().intermediateCount() >= 2, "two traces");

    ImException set =
        assertThrows(
            ImException.class,
            () -> scope.setParameter("voltsPerDiv", Value.ofDouble(1, Instant.now())));
    assertEquals(FaultCode.NOT_ALLOWED_IN_STATE, set.code());
    assertTrue(set.getMessage().contains("AVERAGING"), set.getMessage());
    assertEquals(
        FaultCode.NOT_ALLOWED_IN_STATE,
        assertThrows(ImException.class, () -> scope.getAttribute("waveform")).code());
    assertEquals(
        FaultCode.NOT_ALLOWED_IN_STATE,
        assertThrows(ImException.class, () -> scope.executeCommand("unlink", Map.of())).code());
    assertEquals(
        FaultCode.NOT_ALLOWED_IN_STATE,
        assertThrows(ImException.class, () -> scope.beginCommand("acquireAverage", count(2)))
            .code(),
        "one average at a time");
    assertTrue(scope.getAttribute("identity").asString().contains(","), "identity is allowed");

    run.cancel("alice", FaultCode.CANCELLED, "cancelled by alice");
    CommandStatus end = runner.await(run, DEADLINE);
    assertEquals(RunState.CANCELLED, end.state());
    assertTrue(end.fraction() > 0 && end.fraction() < 1);
    assertEquals(States.LINKED, scope.state());
    assertEquals("STOP", scope.getAttribute("acquisitionState").asString(), "a defined state");
    assertEquals(1, scope.setParameter("voltsPerDiv", Value.ofDouble(1, Instant.now())).asDouble());
  }

  @Test
  void aLongCommandCalledSynchronouslyRunsToItsEnd() throws Exception {
    open(scope, "lab/scope", "MOCK::oscilloscope", 1e-4);
    Value v = scope.executeCommand("acquireAverage", count(2));
    assertEquals(2500, v.asDoubles().length);
    assertEquals(States.LINKED, scope.state());
  }

  @Test
  void refusedAtOnceWhenTheRequestIsWrong() throws Exception {
    open(scope, "lab/scope", "MOCK::oscilloscope", 1e-4);
    assertEquals(
        FaultCode.OUT_OF_RANGE,
        assertThrows(ImException.class, () -> scope.beginCommand("acquireAverage", count(0)))
            .code());
    scope.executeCommand("unlink", Map.of());
    assertEquals(
        FaultCode.NOT_ALLOWED_IN_STATE,
        assertThrows(ImException.class, () -> scope.beginCommand("acquireAverage", count(2)))
            .code());
    assertEquals(States.UNLINKED, scope.state());
  }

  @Test
  void theGroupRunsTheCommandOnEveryChildAndReportsEach() throws Exception {
    // 16 traces of 0.1 s each: long enough to see both children under way on a loaded machine
    open(scope, "lab/scope", "MOCK::oscilloscope", 0.01);
    open(scope2, "lab/scope2", "MOCK::oscilloscope::2", 0.01);
    lab.open(
        new ImContext(
            "lab",
            "",
            rm,
            Map.of(),
            Duration.ofSeconds(1),
            false,
            false,
            () -> List.of(scope, scope2)));
    lab.executeCommand("link", Map.of());
    CommandRun run =
        start(
            lab,
            "runOnChildren",
            Map.of("command", Value.ofString("acquireAverage", Instant.now())));
    assertEquals(GroupManager.BUSY, lab.state());
    await(
        () ->
            run.status().text().contains("lab/scope ")
                && run.status().text().contains("lab/scope2"),
        "both children in the text: " + run.status().text());
    CommandStatus end = runner.await(run, DEADLINE);
    assertEquals(RunState.SUCCEEDED, end.state(), end.error());
    assertEquals(2, end.intermediateCount(), "one per child");
    assertTrue(
        end.intermediate().stream().allMatch(r -> r.value().asString().endsWith(": succeeded")),
        end.intermediate().toString());
    assertNotNull(end.result());
    assertEquals(States.LINKED, lab.state());
    assertEquals(States.LINKED, scope.state());
    assertEquals(States.LINKED, scope2.state());
  }

  @Test
  void cancellingTheGroupCancelsTheChildren() throws Exception {
    open(scope, "lab/scope", "MOCK::oscilloscope", 0.05); // 16 traces of 0.5 s

    lab.open(
        new ImContext(
            "lab", "", rm, Map.of(), Duration.ofSeconds(1), true, false, () -> List.of(scope)));
    CommandRun run =
        start(
            lab,
            "runOnChildren",
            Map.of("command", Value.ofString("acquireAverage", Instant.now())));
    await(() -> run.status().fraction() > 0, "progress from the child");
    assertEquals(OscilloscopeManager.AVERAGING, scope.state());
    run.cancel("bob", FaultCode.CANCELLED, "cancelled by bob");
    assertEquals(RunState.CANCELLED, runner.await(run, DEADLINE).state());
    assertEquals(States.LINKED, scope.state());
    assertEquals(States.LINKED, lab.state());
  }
}
