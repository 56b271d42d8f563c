package org.instrumentelement.im.command;

import java.time.Duration;
import org.instrumentelement.im.model.Value;

/**
 * What the body of a long-running command tells its client while it works, and how it learns that
 * it should stop. A body checks {@link #checkCancelled()} between steps (and waits only with {@link
 * #pause}, which a cancel cuts short), so that a cancel takes effect at the next step boundary,
 * where the instrument is in a state the IM knows.
 */
public interface CommandProgress {

  /** Progress nobody watches and nobody cancels: for a long command run synchronously. */
  CommandProgress NONE =
      new CommandProgress() {
        @Override
        public void report(double fraction, String text) {}

        @Override
        public void intermediate(Value value) {}

        @Override
        public boolean cancelRequested() {
          return false;
        }
      };

  /**
   * How far the command is.
   *
   * @param fraction from 0 to 1 (clamped)
   * @param text what it is doing, for a person ("trace 3 of 16")
   */
  void report(double fraction, String text);

  /** A result on the way (one reading of a log, one trace's figure), kept for the client. */
  void intermediate(Value value);

  /** Whether someone asked the command to stop (a client, a time limit, shutdown). */
  boolean cancelRequested();

  /**
   * Throws if the command should stop.
   *
   * @throws CommandCancelledException if {@link #cancelRequested()}
   */
  default void checkCancelled() throws CommandCancelledException {
    if (cancelRequested()) {
      throw new CommandCancelledException();
    }
  }

  /**
   * Waits, as an instrument needs time (an acquisition, the interval of a log), returning early
   * only to stop.
   *
   * @throws CommandCancelledException if the command is cancelled before or during the wait
   */
  default void pause(Duration time) throws CommandCancelledException {
    long end = System.nanoTime() + time.toNanos();
    checkCancelled();
    long left;
    while ((left = end - System.nanoTime()) > 0) {
      try {
        Thread.sleep(Math.min(Math.max(1, left / 1_000_000), 20));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new CommandCancelledException();
      }
      checkCancelled();
    }
  }
}
