package org.instrumentelement.im.command;

import org.instrumentelement.im.model.ImException;
import org.instrumentelement.im.model.Value;

/**
 * A long-running command that its IM has accepted (arguments valid, state allowed, the IM now in
 * the command's running state) and that has not run yet. {@link #run} is called exactly once, on
 * any thread; whatever it ends with, the IM leaves the running state.
 */
@FunctionalInterface
public interface CommandExecution {

  /**
   * Does the work.
   *
   * @return the final result, or {@code null} if the command has none
   * @throws CommandCancelledException if it stopped because {@code progress} was cancelled
   * @throws ImException if it failed (the IM's state tells whether the instrument was lost)
   */
  Value run(CommandProgress progress) throws ImException;
}
