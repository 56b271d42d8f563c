package org.instrumentelement.ial.scpi;

import java.util.ArrayList;
import java.util.List;
import org.instrumentelement.ial.InstrumentException;
import org.instrumentelement.ial.InstrumentSession;

/** Reads a SCPI instrument's error queue ({@code SYSTem:ERRor?}) until it says "No error". */
public final class ScpiErrorQueue {
  /** An instrument never holds more; stop rather than loop on a device that always answers. */
  private static final int MAX_ERRORS = 64;

  private ScpiErrorQueue() {}

  /**
   * Empties the error queue.
   *
   * @return the errors, oldest first, as the instrument wrote them ({@code -222,"Data out of
   *     range"}); empty if there were none
   */
  public static List<String> drain(InstrumentSession session) throws InstrumentException {
    List<String> errors = new ArrayList<>();
    for (int i = 0; i < MAX_ERRORS; i++) {
      String reply = session.query(":SYSTem:ERRor?").trim();
      if (reply.isEmpty()
          || reply.startsWith("0,")
          || reply.startsWith("+0,")
          || reply.equals("0")) {
        break;
      }
      errors.add(reply);
    }
    return errors;
  }
}
