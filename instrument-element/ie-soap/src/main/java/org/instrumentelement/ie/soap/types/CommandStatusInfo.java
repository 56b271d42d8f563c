package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlSchemaType;
import jakarta.xml.bind.annotation.XmlType;
import jakarta.xml.bind.annotation.adapters.XmlJavaTypeAdapter;
import java.time.Instant;
import java.util.List;

/**
 * One run of a long-running command as a client sees it: state, progress, times, the newest
 * intermediate results (each named by its index, from 1) and the final result or why it failed.
 */
@XmlType(
    name = "CommandStatusInfo",
    propOrder = {
      "commandId",
      "im",
      "command",
      "state",
      "progress",
      "text",
      "started",
      "ended",
      "elapsedSeconds",
      "remainingSeconds",
      "intermediateCount",
      "intermediate",
      "result",
      "faultCode",
      "error",
      "cancelledBy"
    })
public class CommandStatusInfo {
  /** The run's id: give it to getCommandStatus and cancelCommand. */
  @XmlElement(required = true)
  public String commandId;

  /** The IM's path. */
  @XmlElement(required = true)
  public String im;

  @XmlElement(required = true)
  public String command;

  @XmlElement(required = true)
  public CommandState state;

  /** From 0 to 1. */
  public double progress;

  /** What the command last said it was doing. */
  public String text;

  @XmlSchemaType(name = "dateTime")
  @XmlJavaTypeAdapter(InstantAdapter.class)
  public Instant started;

  /** When it ended; absent while it runs. */
  @XmlSchemaType(name = "dateTime")
  @XmlJavaTypeAdapter(InstantAdapter.class)
  public Instant ended;

  public double elapsedSeconds;

  /** The estimated time left from the progress so far; absent without progress or once ended. */
  public Double remainingSeconds;

  /** How many intermediate results the command gave in all (older ones may no longer be kept). */
  public long intermediateCount;

  /** The newest intermediate results, oldest first, each named by its index. */
  public List<Value> intermediate;

  /** The final result, once it succeeded (if the command has one). */
  public Value result;

  /** Why it failed or was cancelled: a fault code (CANCELLED, INSTRUMENT_ERROR, ...). */
  public String faultCode;

  /** The failure or cancel in words. */
  public String error;

  /** Who cancelled it. */
  public String cancelledBy;
}
