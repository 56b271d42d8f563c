package org.instrumentelement.im.model;

import java.util.List;
import java.util.Set;

/**
 * An action of an IM and its place in the state machine.
 *
 * @param allowedIn states in which the command may run
 * @param targetState the state after it succeeds, or {@code null} to stay in the current one
 */
public record CommandSpec(
    String name,
    List<ArgumentSpec> arguments,
    Set<String> allowedIn,
    String targetState,
    String description) {

  public CommandSpec {
    arguments = List.copyOf(arguments);
    allowedIn = Set.copyOf(allowedIn);
  }

  /** A command without arguments. */
  public static CommandSpec of(
      String name, Set<String> allowedIn, String targetState, String description) {
    return new CommandSpec(name, List.of(), allowedIn, targetState, description);
  }

  public CommandSpec withArguments(ArgumentSpec... args) {
    return new CommandSpec(name, List.of(args), allowedIn, targetState, description);
  }
}
