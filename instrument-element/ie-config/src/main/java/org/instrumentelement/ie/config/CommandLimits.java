package org.instrumentelement.ie.config;

import java.time.Duration;

/**
 * How the Instrument Element keeps and bounds long-running commands: a client that lost its
 * connection finds a command's status for {@code statusRetention} after it ended; no command runs
 * longer than {@code maxDuration}; no SOAP call holds a server thread longer than {@code maxWait}
 * waiting for one.
 *
 * @param statusRetention how long an ended command's status stays queryable
 * @param maxDuration the longest a command may run before it is cancelled and fails
 * @param maxWait the longest executeCommand waits for a long-running command when asked to
 * @param maxKept most statuses kept at once (running ones always are)
 */
public record CommandLimits(
    Duration statusRetention, Duration maxDuration, Duration maxWait, int maxKept) {

  /** The {@code commands.*} keys. */
  static CommandLimits read(KeyValues keys) throws ConfigException {
    return new CommandLimits(
        keys.get(ConfigKeys.COMMANDS_STATUS_RETENTION),
        keys.get(ConfigKeys.COMMANDS_MAX_DURATION),
        keys.get(ConfigKeys.COMMANDS_MAX_WAIT),
        keys.get(ConfigKeys.COMMANDS_MAX_KEPT));
  }
}
