package org.instrumentelement.ie.benchmark;

import java.time.Instant;

/** The benchmark's console: one line per step or figure, stamped with the time of day (UTC). */
final class Progress {
  private Progress() {}

  /** Prints a line at once, so that a long run shows where it is. */
  static void log(String line) {
    System.out.println(Instant.now().toString().substring(11, 19) + " " + line);
    System.out.flush();
  }
}
