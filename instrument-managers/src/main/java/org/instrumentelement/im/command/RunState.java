package org.instrumentelement.im.command;

/** Where a run of a long-running command is: running, or how it ended. */
public enum RunState {
  RUNNING,
  SUCCEEDED,
  FAILED,
  CANCELLED;

  /** Whether the run has ended. */
  public boolean ended() {
    return this != RUNNING;
  }
}
