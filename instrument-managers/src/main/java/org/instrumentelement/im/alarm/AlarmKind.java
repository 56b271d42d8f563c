package org.instrumentelement.im.alarm;

/** What raised an alarm. */
public enum AlarmKind {
  /** A number beyond a warning or alarm limit. */
  LIMIT,
  /** The samples of a subscribable attribute keep failing. */
  SAMPLING,
  /** The samples keep failing because the instrument does not answer in time. */
  NO_ANSWER,
  /** The IM is in ERROR. */
  IM_ERROR,
  /** A node of a sensor network has gone silent (BAD). */
  NODE,
  /** The history archive stopped keeping the IM's attributes (a full disk). */
  ARCHIVE
}
