package org.instrumentelement.im.command;

import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.im.model.ImException;
import org.instrumentelement.im.model.Value;

/**
 * Runs long-running commands on threads of its own, so that the request that started one returns at
 * once; keeps each run's status until {@code retention} after it ended, cancels a run that exceeds
 * {@code maxDuration}, and cancels every run when it closes (the Instrument Element shutting down).
 * One per Instrument Element.
 */
public final class CommandRunner implements AutoCloseable {
  private static final System.Logger LOG = System.getLogger(CommandRunner.class.getName());

  /** Who cancels a run when the runner closes. */
  public static final String SHUTDOWN = "the Instrument Element (shutting down)";

  /** Who cancels a run that exceeds the time limit. */
  public static final String TIME_LIMIT = "the Instrument Element (time limit)";

  /** How long {@link #close()} waits for cancelled runs to stop. */
  static final Duration CLOSE_WAIT = Duration.ofSeconds(10);

  private final Duration retention;
  private final Duration maxDuration;
  private final int maxKept;
  private final Clock clock;
  private final Consumer<CommandStatus> listener;
  private final Map<String, Entry> runs = new ConcurrentHashMap<>();
  private final AtomicLong next = new AtomicLong();
  private final String prefix;
  private final ExecutorService workers;
  private final ScheduledExecutorService timer;
  private volatile boolean closed;

  private record Entry(CommandRun run, CountDownLatch done, ScheduledFuture<?> limit) {}

  /**
   * @param retention how long a run's status stays queryable after it ended
   * @param maxDuration the longest a run may take before it is cancelled and fails
   * @param maxKept most runs kept at once; beyond it the oldest ended ones are forgotten early
   * @param listener told every status change of every run, on the thread that made it; must not
   *     block (the Instrument Element publishes them)
   */
  public CommandRunner(
      Duration retention,
      Duration maxDuration,
      int maxKept,
      Clock clock,
      Consumer<CommandStatus> listener) {
    this.retention = retention;
    this.maxDuration = maxDuration;
    this.maxKept = maxKept;
    this.clock = clock;
    this.listener = listener;
    this.prefix = Long.toString(clock.millis(), 36) + "-";
    this.workers = Executors.newCachedThreadPool(daemon("ie-command"));
    this.timer = Executors.newSingleThreadScheduledExecutor(daemon("ie-command-timer"));
  }

  private static ThreadFactory daemon(String name) {
    AtomicLong n = new AtomicLong();
    return r -> {
      Thread t = new Thread(r, name + "-" + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
  }

  /**
   * Runs a command its IM has accepted. If the runner cannot take it (closed), the execution is
   * still run, as cancelled before its first step, so that the IM leaves its running state.
   *
   * @return the run, RUNNING
   */
  public CommandRun start(String imPath, String command, CommandExecution execution) {
    forgetExpired();
    String id = prefix + next.incrementAndGet();
    CommandRun run = new CommandRun(id, imPath, command, clock, this::tell);
    CountDownLatch done = new CountDownLatch(1);
    ScheduledFuture<?> limit = null;
    try {
      limit =
          timer.schedule(
              () ->
                  run.cancel(
                      TIME_LIMIT,
                      FaultCode.INSTRUMENT_TIMEOUT,
                      "the command did not finish within " + maxDuration),
              maxDuration.toMillis(),
              TimeUnit.MILLISECONDS);
    } catch (RejectedExecutionException e) {
      // closed: the run below is cancelled at once
    }
    Entry entry = new Entry(run, done, limit);
    runs.put(id, entry);
    tell(run.status());
    if (closed) {
      run.cancel(SHUTDOWN, FaultCode.CANCELLED, "the Instrument Element is shutting down");
    }
    try {
      workers.execute(() -> execute(entry, execution));
    } catch (RejectedExecutionException e) {
      run.cancel(SHUTDOWN, FaultCode.CANCELLED, "the Instrument Element is shutting down");
      execute(entry, execution);
    }
    return run;
  }

  private void execute(Entry entry, CommandExecution execution) {
    CommandRun run = entry.run();
    try {
      Value result = execution.run(run);
      if (run.cancelRequested()) {
        run.cancelled(); // it finished its last step as the cancel came: the cancel wins
      } else {
        run.succeed(result);
      }
    } catch (CommandCancelledException e) {
      run.cancelled();
    } catch (ImException e) {
      run.fail(e.code(), e.getMessage());
    } catch (RuntimeException | Error e) {
      LOG.log(Level.ERROR, "command " + run.command() + " on " + run.im() + " failed", e);
      run.fail(FaultCode.INTERNAL_ERROR, "the command stopped on an internal error");
    } finally {
      if (entry.limit() != null) {
        entry.limit().cancel(false);
      }
      entry.done().countDown();
    }
  }

  private void tell(CommandStatus s) {
    try {
      listener.accept(s);
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "command status listener failed", e);
    }
  }

  /** A run by its id, while it is kept. */
  public Optional<CommandRun> find(String id) {
    forgetExpired();
    Entry e = id == null ? null : runs.get(id);
    return e == null ? Optional.empty() : Optional.of(e.run());
  }

  /**
   * Waits until a run ends or the time is up.
   *
   * @return its status then
   */
  public CommandStatus await(CommandRun run, Duration timeout) throws InterruptedException {
    Entry e = runs.get(run.id());
    if (e != null && !timeout.isNegative() && !timeout.isZero()) {
      e.done().await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }
    return run.status();
  }

  /** The status of every run kept, newest first. */
  public List<CommandStatus> statuses() {
    forgetExpired();
    List<CommandStatus> out = new ArrayList<>();
    for (Entry e : runs.values()) {
      out.add(e.run().status());
    }
    out.sort(Comparator.comparing(CommandStatus::started).reversed());
    return out;
  }

  /** Forgets runs that ended longer than the retention ago, and the oldest ended beyond maxKept. */
  private void forgetExpired() {
    Instant horizon = clock.instant().minus(retention);
    runs.values()
        .removeIf(
            e -> {
              Instant ended = e.run().ended();
              return ended != null && !ended.isAfter(horizon);
            });
    if (runs.size() > maxKept) {
      List<Entry> ended = new ArrayList<>();
      for (Entry e : runs.values()) {
        if (e.run().ended() != null) {
          ended.add(e);
        }
      }
      ended.sort(Comparator.comparing(e -> e.run().ended()));
      for (int i = 0; i < ended.size() && runs.size() > maxKept; i++) {
        runs.remove(ended.get(i).run().id());
      }
    }
  }

  /**
   * Cancels every running command and waits (a while) for them to stop, so that each IM leaves its
   * running state with the instrument in a known state before the IMs close.
   */
  @Override
  public void close() {
    closed = true;
    List<Entry> running = new ArrayList<>(runs.values());
    for (Entry e : running) {
      e.run().cancel(SHUTDOWN, FaultCode.CANCELLED, "the Instrument Element is shutting down");
    }
    long deadline = System.nanoTime() + CLOSE_WAIT.toNanos();
    for (Entry e : running) {
      try {
        long left = deadline - System.nanoTime();
        if (left <= 0 || !e.done().await(left, TimeUnit.NANOSECONDS)) {
          LOG.log(
              Level.WARNING,
              "command {0} on {1} did not stop within {2}",
              e.run().command(),
              e.run().im(),
              CLOSE_WAIT);
        }
      } catch (InterruptedException ex) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    workers.shutdownNow();
    timer.shutdownNow();
  }
}
