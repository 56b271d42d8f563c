package org.instrumentelement.im.command;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.function.Consumer;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.im.model.Value;

/**
 * One run of a long-running command: the progress its body reports, and how it ends. Thread-safe:
 * the body reports from its thread while clients read {@link #status()} and cancel from theirs.
 * Every change is told to the listener given at construction (outside the run's lock).
 */
public final class CommandRun implements CommandProgress {
  /** Most intermediate results a status carries: the newest ones. */
  public static final int KEPT_INTERMEDIATE = 100;

  private final String id;
  private final String im;
  private final String command;
  private final Clock clock;
  private final Instant started;
  private final Consumer<CommandStatus> listener;
  private final Deque<IntermediateResult> intermediate = new ArrayDeque<>();
  private RunState state = RunState.RUNNING; // guarded by this
  private double fraction; // guarded by this
  private String text = "started"; // guarded by this
  private long intermediateCount; // guarded by this
  private Value result; // guarded by this
  private FaultCode errorCode; // guarded by this
  private String error = ""; // guarded by this
  private Instant ended; // guarded by this
  private volatile boolean cancelRequested;
  private String cancelledBy = ""; // guarded by this
  private String cancelReason = ""; // guarded by this
  private FaultCode cancelCode = FaultCode.CANCELLED; // guarded by this

  /**
   * @param listener told every new status (progress, intermediate result, end); must not block
   */
  public CommandRun(
      String id, String im, String command, Clock clock, Consumer<CommandStatus> listener) {
    this.id = id;
    this.im = im;
    this.command = command;
    this.clock = clock;
    this.started = clock.instant();
    this.listener = listener;
  }

  public String id() {
    return id;
  }

  public String im() {
    return im;
  }

  public String command() {
    return command;
  }

  @Override
  public void report(double fraction, String text) {
    CommandStatus s;
    synchronized (this) {
      if (state.ended()) {
        return;
      }
      this.fraction = Double.isFinite(fraction) ? Math.max(0, Math.min(1, fraction)) : 0;
      this.text = text == null ? "" : text;
      s = snapshot();
    }
    listener.accept(s);
  }

  @Override
  public void intermediate(Value value) {
    CommandStatus s;
    synchronized (this) {
      if (state.ended() || value == null) {
        return;
      }
      intermediateCount++;
      intermediate.addLast(new IntermediateResult(intermediateCount, value));
      while (intermediate.size() > KEPT_INTERMEDIATE) {
        intermediate.removeFirst();
      }
      s = snapshot();
    }
    listener.accept(s);
  }

  @Override
  public boolean cancelRequested() {
    return cancelRequested;
  }

  /**
   * Asks the run to stop at its next step. Does nothing to a run that has ended.
   *
   * @param by who asks (a user name, or the IE itself), for the status and the log
   * @param code {@link FaultCode#CANCELLED} for a cancel; another code (a time limit) makes the run
   *     end FAILED with it
   * @param reason the cancel in words
   * @return whether the run was still running
   */
  public boolean cancel(String by, FaultCode code, String reason) {
    synchronized (this) {
      if (state.ended() || cancelRequested) {
        return !state.ended();
      }
      cancelledBy = by == null ? "" : by;
      cancelCode = code;
      cancelReason = reason;
      cancelRequested = true;
    }
    return true;
  }

  /** Ends the run with its result. */
  void succeed(Value value) {
    end(RunState.SUCCEEDED, value, null, "");
  }

  /** Ends the run with a failure, or as cancelled if that is why it stopped. */
  void fail(FaultCode code, String message) {
    end(RunState.FAILED, null, code, message);
  }

  /** Ends the run because its body stopped after a cancel. */
  void cancelled() {
    FaultCode code;
    String reason;
    synchronized (this) {
      code = cancelCode;
      reason = cancelReason;
    }
    if (code == FaultCode.CANCELLED) {
      end(RunState.CANCELLED, null, FaultCode.CANCELLED, reason);
    } else {
      end(RunState.FAILED, null, code, reason);
    }
  }

  private void end(RunState how, Value value, FaultCode code, String message) {
    CommandStatus s;
    synchronized (this) {
      if (state.ended()) {
        return;
      }
      state = how;
      result = value;
      errorCode = code;
      error = message == null ? "" : message;
      ended = clock.instant();
      if (how == RunState.SUCCEEDED) {
        fraction = 1;
        text = "done";
      }
      s = snapshot();
    }
    listener.accept(s);
  }

  /** When it ended, or {@code null} while it runs. */
  public synchronized Instant ended() {
    return ended;
  }

  /** The run as a client sees it now. */
  public synchronized CommandStatus status() {
    return snapshot();
  }

  private CommandStatus snapshot() {
    Instant now = ended != null ? ended : clock.instant();
    Duration elapsed = Duration.between(started, now);
    if (elapsed.isNegative()) {
      elapsed = Duration.ZERO;
    }
    Duration remaining = null;
    if (!state.ended() && fraction > 0) {
      remaining = Duration.ofNanos((long) (elapsed.toNanos() * (1 - fraction) / fraction));
    }
    return new CommandStatus(
        id,
        im,
        command,
        state,
        fraction,
        text,
        started,
        ended,
        elapsed,
        remaining,
        intermediateCount,
        intermediate.stream().toList(),
        result,
        errorCode,
        error,
        cancelledBy);
  }
}
