package org.instrumentelement.im.command;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.im.model.Value;

/**
 * What a client may know of one run of a long-running command at one moment.
 *
 * @param id the run's identifier, unique in this Instrument Element's lifetime
 * @param im the IM's path
 * @param command the command's name
 * @param state running, or how it ended
 * @param fraction progress from 0 to 1 (1 once it succeeded)
 * @param text what the command last said it was doing
 * @param started when it started
 * @param ended when it ended, or {@code null} while it runs
 * @param elapsed how long it has run (until it ended)
 * @param remaining the estimated time left, from the progress so far, or {@code null} (no progress
 *     yet, or ended)
 * @param intermediateCount how many intermediate results it gave in all
 * @param intermediate the most recent of them, oldest first (at most {@link
 *     CommandRun#KEPT_INTERMEDIATE})
 * @param result the final result, or {@code null}
 * @param errorCode why it failed (or {@link FaultCode#CANCELLED}), or {@code null}
 * @param error the failure or cancellation in words, or empty
 * @param cancelledBy who cancelled it, or empty
 */
public record CommandStatus(
    String id,
    String im,
    String command,
    RunState state,
    double fraction,
    String text,
    Instant started,
    Instant ended,
    Duration elapsed,
    Duration remaining,
    long intermediateCount,
    List<IntermediateResult> intermediate,
    Value result,
    FaultCode errorCode,
    String error,
    String cancelledBy) {

  public CommandStatus {
    intermediate = List.copyOf(intermediate);
  }
}
