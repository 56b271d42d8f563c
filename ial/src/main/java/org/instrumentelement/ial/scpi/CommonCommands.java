package org.instrumentelement.ial.scpi;

import java.util.List;
import org.instrumentelement.ial.InstrumentException;
import org.instrumentelement.ial.InstrumentSession;

/**
 * The IEEE 488.2 common commands every SCPI instrument answers, with the conventions that make them
 * safe to use: commands checked against the error queue, {@code *OPC?} to wait until the instrument
 * has finished, {@code *IDN?} taken apart.
 */
public final class CommonCommands {
  private CommonCommands() {}

  /**
   * The four fields of an {@code *IDN?} reply.
   *
   * @param firmware the fourth field, or empty if the instrument sent only three
   */
  public record Identity(String manufacturer, String model, String serial, String firmware) {}

  /**
   * Asks {@code *IDN?}.
   *
   * @throws InstrumentException if the reply is not at least manufacturer,model,serial
   */
  public static Identity identify(InstrumentSession session) throws InstrumentException {
    String reply = session.query("*IDN?").trim();
    String[] f = reply.split(",", 4);
    if (f.length < 3) {
      throw new InstrumentException("*IDN? answered '" + reply + "', not maker,model,serial,...");
    }
    return new Identity(f[0].trim(), f[1].trim(), f[2].trim(), f.length > 3 ? f[3].trim() : "");
  }

  /** {@code *CLS}: empties the error queue and the event registers. */
  public static void clearStatus(InstrumentSession session) throws InstrumentException {
    session.write("*CLS");
  }

  /** {@code *RST}, then waits until the instrument has finished resetting. */
  public static void reset(InstrumentSession session) throws InstrumentException {
    session.write("*RST");
    waitUntilDone(session);
  }

  /**
   * Waits, within the session timeout, until every pending operation has finished: {@code *OPC?}
   * answers {@code 1} only then.
   */
  public static void waitUntilDone(InstrumentSession session) throws InstrumentException {
    String reply = session.query("*OPC?").trim();
    if (!reply.equals("1") && !reply.equals("+1")) {
      throw new InstrumentException("*OPC? answered '" + reply + "' instead of 1");
    }
  }

  /**
   * Sends a command, then drains the error queue ({@code SYSTem:ERRor?}).
   *
   * @return the errors the command caused, oldest first; empty if it was accepted
   */
  public static List<String> sendChecked(InstrumentSession session, String command)
      throws InstrumentException {
    session.write(command);
    return ScpiErrorQueue.drain(session);
  }
}
