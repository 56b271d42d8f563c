package org.instrumentelement.im.alarm;

import org.instrumentelement.im.model.Quality;

/** How bad an alarm is; NONE is no alarm (a cleared one). Ordered from least to most severe. */
public enum Severity {
  NONE,
  WARNING,
  ALARM;

  /** The quality of a good value in this alarm state. */
  public Quality quality() {
    return switch (this) {
      case NONE -> Quality.GOOD;
      case WARNING -> Quality.WARNING;
      case ALARM -> Quality.ALARM;
    };
  }

  /** The more severe of two. */
  public static Severity worst(Severity a, Severity b) {
    return a.compareTo(b) >= 0 ? a : b;
  }
}
