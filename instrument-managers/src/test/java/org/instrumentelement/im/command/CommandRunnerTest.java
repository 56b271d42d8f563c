package org.instrumentelement.im.command;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.im.model.ImException;
import org.instrumentelement.im.model.Value;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The runner on its own, with command bodies that step when the test says so. */
class CommandRunnerTest {
  private static final Duration DEADLINE = Duration.ofSeconds(10);
  private final List<CommandStatus> told = new CopyOnWriteArrayList<>();
  private CommandRunner runner =
      new CommandRunner(
          Duration.ofMinutes(5), Duration.ofMinutes(5), 100, Clock.systemUTC(), told::add);

  @AfterEach
  void close() {
    runner.close();
  }

  /** A body of {@code steps} steps, each waiting for the test to release it. */
  private static final class SteppedBody implements CommandExecution {
    final CountDownLatch[] gates;
    final CountDownLatch started = new CountDownLatch(1);
    volatile boolean stopped;

    SteppedBody(int steps) {
      gates = new CountDownLatch[steps];
      for (int i = 0; i < steps; i++) {
        gates[i] = new CountDownLatch(1);
      }
    }

    @Override
    public Value run(CommandProgress progress) throws ImException {
      started.countDown();
      double sum = 0;
      try {
        for (int i = 0; i < gates.length; i++) {
          while (!gates[i].await(10, TimeUnit.MILLISECONDS)) {
            progress.checkCancelled();
          }
          progress.checkCancelled();
          sum += i + 1;
          progress.intermediate(Value.ofDouble(i + 1, Instant.now()));
          progress.report((i + 1.0) / gates.length, "step " + (i + 1) + " of " + gates.length);
        }
      } catch (InterruptedException e) {
        throw new CommandCancelledException();
      } catch (CommandCancelledException e) {
        stopped = true;
        throw e;
      }
      return Value.ofDouble(sum, Instant.now());
    }
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
  void reportsProgressAndIntermediateResultsThenTheResult() throws Exception {
    SteppedBody body = new SteppedBody(4);
    CommandRun run = runner.start("lab/scope", "acquireAverage", body);
    assertEquals(RunState.RUNNING, run.status().state());
    assertEquals(0, run.status().fraction());
    assertNull(run.status().remaining());

    body.gates[0].countDown();
    await(() -> run.status().intermediateCount() == 1, "first step");
    CommandStatus s = run.status();
    assertEquals(RunState.RUNNING, s.state());
    assertEquals(0.25, s.fraction(), 1e-9);
    assertEquals("step 1 of 4", s.text());
    assertEquals(1, s.intermediate().size());
    assertEquals(1.0, s.intermediate().get(0).value().asDouble());
    assertNotNull(s.remaining(), "an estimate once there is progress");
    assertNull(s.ended());

    body.gates[1].countDown();
    body.gates[2].countDown();
    body.gates[3].countDown();
    CommandStatus end = runner.await(run, DEADLINE);
    assertEquals(RunState.SUCCEEDED, end.state());
    assertEquals(1.0, end.fraction());
    assertEquals(10.0, end.result().asDouble());
    assertEquals(4, end.intermediateCount());
    assertEquals(List.of(1L, 2L, 3L, 4L), end.intermediate().stream().map(r -> r.index()).toList());
    assertNotNull(end.ended());
    assertNull(end.remaining());
    assertEquals(RunState.SUCCEEDED, told.get(told.size() - 1).state(), "the end is told last");
    assertEquals(RunState.RUNNING, told.get(0).state(), "the start is told first");
  }

  @Test
  void cancelStopsTheBodyAtItsNextStepAndSaysWho() throws Exception {
    SteppedBody body = new SteppedBody(3);
    CommandRun run = runner.start("lab/scope", "acquireAverage", body);
    body.gates[0].countDown();
    await(() -> run.status().intermediateCount() == 1, "first step");
    assertTrue(run.cancel("alice", FaultCode.CANCELLED, "cancelled by alice"));
    CommandStatus end = runner.await(run, DEADLINE);
    assertEquals(RunState.CANCELLED, end.state());
    assertEquals(FaultCode.CANCELLED, end.errorCode());
    assertEquals("alice", end.cancelledBy());
    assertEquals(1, end.intermediateCount(), "results given before the cancel are kept");
    assertTrue(body.stopped);
    assertFalse(run.cancel("bob", FaultCode.CANCELLED, "too late"), "an ended run stays ended");
    assertEquals("alice", run.status().cancelledBy());
  }

  @Test
  void aRunLongerThanTheLimitIsCancelledAndFails() throws Exception {
    runner.close();
    runner =
        new CommandRunner(
            Duration.ofMinutes(5), Duration.ofMillis(200), 100, Clock.systemUTC(), told::add);
    SteppedBody body = new SteppedBody(2); // never released
    CommandRun run = runner.start("lab/dmm", "logReadings", body);
    CommandStatus end = runner.await(run, DEADLINE);
    assertEquals(RunState.FAILED, end.state());
    assertEquals(FaultCode.INSTRUMENT_TIMEOUT, end.errorCode());
    assertTrue(end.error().contains("did not finish within"), end.error());
  }

  @Test
  void aFailureKeepsItsCodeAndMessage() throws Exception {
    CommandRun run =
        runner.start(
            "lab/dmm",
            "logReadings",
            p -> {
              throw new ImException(FaultCode.INSTRUMENT_ERROR, "the meter refused INITiate");
            });
    CommandStatus end = runner.await(run, DEADLINE);
    assertEquals(RunState.FAILED, end.state());
    assertEquals(FaultCode.INSTRUMENT_ERROR, end.errorCode());
    assertEquals("the meter refused INITiate", end.error());
  }

  @Test
  void anUnexpectedErrorIsToldInTheElementsWords() throws Exception {
    CommandRun run =
        runner.start(
            "lab/dmm",
            "logReadings",
            p -> {
              throw new IllegalStateException("java.lang.Boom at Foo.java:12");
            });
    CommandStatus end = runner.await(run, DEADLINE);
    assertEquals(FaultCode.INTERNAL_ERROR, end.errorCode());
    assertFalse(end.error().contains("java"), end.error());
  }

  @Test
  void awaitWithATimeoutReturnsTheRunningStatus() throws Exception {
    SteppedBody body = new SteppedBody(1);
    CommandRun run = runner.start("lab/scope", "acquireAverage", body);
    assertEquals(RunState.RUNNING, runner.await(run, Duration.ofMillis(50)).state());
    body.gates[0].countDown();
    assertEquals(RunState.SUCCEEDED, runner.await(run, DEADLINE).state());
  }

  @Test
  void anEndedRunIsForgottenAfterTheRetention() throws Exception {
    MutableClock clock = new MutableClock();
    runner.close();
    runner = new CommandRunner(Duration.ofMinutes(1), Duration.ofHours(1), 100, clock, told::add);
    CommandRun run = runner.start("lab/scope", "x", p -> Value.ofDouble(1, Instant.now()));
    assertEquals(RunState.SUCCEEDED, runner.await(run, DEADLINE).state());
    clock.advance(Duration.ofSeconds(59));
    assertTrue(runner.find(run.id()).isPresent(), "kept within the retention");
    clock.advance(Duration.ofSeconds(2));
    assertTrue(runner.find(run.id()).isEmpty(), "forgotten after it");
  }

  @Test
  void closingCancelsRunningCommandsAndWaitsForThem() throws Exception {
    SteppedBody body = new SteppedBody(1);
    CommandRun run = runner.start("lab/scope", "acquireAverage", body);
    assertTrue(body.started.await(DEADLINE.toSeconds(), TimeUnit.SECONDS));
    runner.close();
    CommandStatus end = run.status();
    assertEquals(RunState.CANCELLED, end.state());
    assertEquals(CommandRunner.SHUTDOWN, end.cancelledBy());
    assertTrue(body.stopped);
  }

  @Test
  void idsAreUnique() {
    CommandRun a = runner.start("a", "x", p -> null);
    CommandRun b = runner.start("a", "x", p -> null);
    assertFalse(a.id().equals(b.id()));
  }

  /** A clock the test moves. */
  private static final class MutableClock extends Clock {
    private volatile Instant now = Instant.parse("2026-11-23T12:00:00Z");

    void advance(Duration d) {
      now = now.plus(d);
    }

    @Override
    public Instant instant() {
      return now;
    }

    @Override
    public java.time.ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(java.time.ZoneId zone) {
      return this;
    }
  }
}
