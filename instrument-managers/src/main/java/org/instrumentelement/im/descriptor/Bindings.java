package org.instrumentelement.im.descriptor;

import java.util.List;
import java.util.Map;

/** How each item of a described IM reaches the instrument. */
final class Bindings {
  private Bindings() {}

  /**
   * A parameter.
   *
   * @param set the command that applies it, or {@code null} if it concerns the IM only
   * @param get the query that reads it back (for a command's refresh), or {@code null}
   * @param reapply parameters sent again after this one (the vertical settings of a new channel)
   * @param tokens enum choice to the SCPI token sent for it; empty for other types
   */
  record Parameter(
      String name,
      ScpiTemplate set,
      ScpiTemplate get,
      List<String> reapply,
      Map<String, String> tokens) {}

  /**
   * An attribute: read with a query, or taken from the waveform.
   *
   * @param get the query, or {@code null} for a waveform part
   * @param set the command that writes it, or {@code null} if read-only
   * @param part which part of the waveform, or {@code null}
   */
  record Attribute(
      String name,
      ScpiTemplate get,
      ScpiTemplate set,
      WaveformPart part,
      Map<String, String> tokens) {}

  /**
   * A command.
   *
   * @param send the program message it sends, or {@code null}
   * @param query the query whose reply is its result, or {@code null}
   * @param result the type of that result, or {@code null}
   * @param refresh parameters read back from the instrument afterwards (autoscale changes them)
   * @param steps for a long-running command, how it repeats its send and query; else {@code null}
   */
  record Command(
      String name,
      ScpiTemplate send,
      ScpiTemplate query,
      org.instrumentelement.im.model.ValueSpec result,
      List<String> refresh,
      Steps steps) {}

  /**
   * How a long-running command works: {@code count} steps, each its send, then (if {@code
   * waitComplete}) {@code *OPC} and {@code *ESR?} polled until the operation-complete bit, then its
   * query (an intermediate result), with {@code interval} seconds between steps.
   *
   * @param cancel sent when the command is cancelled or fails, or {@code null}
   */
  record Steps(Amount count, Amount interval, boolean waitComplete, ScpiTemplate cancel) {}

  /**
   * A number given in the descriptor or by an argument.
   *
   * @param argument the argument that gives it, or {@code null}
   * @param fixed the number when no argument gives it
   */
  record Amount(String argument, double fixed) {
    double of(Map<String, org.instrumentelement.im.model.Value> args) {
      return argument == null ? fixed : args.get(argument).asDouble();
    }
  }
}
