package org.instrumentelement.im.model;

import java.util.List;
import java.util.Set;

/**
 * An action of an IM and its place in the state machine.
 *
 * @param allowedIn states in which the command may run
 * @param targetState the state after it succeeds, or {@code null} to stay in (or, for a
 *     long-running command, return to) the state it started in
 * @param runningState for a long-running command, the state the IM is in while it runs (parameters,
 *     attributes and commands allowed in that state are the ones allowed meanwhile); {@code null}
 *     for an ordinary command, which runs within the request
 */
public record CommandSpec(
    String name,
    List<ArgumentSpec> arguments,
    Set<String> allowedIn,
    String targetState,
    String description,
    String runningState) {

  public CommandSpec {
    arguments = List.copyOf(arguments);
    allowedIn = Set.copyOf(allowedIn);
  }

  /** An ordinary command. */
  public CommandSpec(
      String name,
      List<ArgumentSpec> arguments,
      Set<String> allowedIn,
      String targetState,
      String description) {
    this(name, arguments, allowedIn, targetState, description, null);
  }

  /** A command without arguments. */
  public static CommandSpec of(
      String name, Set<String> allowedIn, String targetState, String description) {
    return new CommandSpec(name, List.of(), allowedIn, targetState, description);
  }

  public CommandSpec withArguments(ArgumentSpec... args) {
    return new CommandSpec(name, List.of(args), allowedIn, targetState, description, runningState);
  }

  /**
   * The same command, long-running: it runs on the Instrument Element's command runner with
   * progress, intermediate results and cancel, the IM in {@code state} meanwhile.
   */
  public CommandSpec longRunning(String state) {
    return new CommandSpec(name, arguments, allowedIn, targetState, description, state);
  }

  /** Whether the command runs without holding the request (see {@link #runningState}). */
  public boolean isLongRunning() {
    return runningState != null;
  }
}
