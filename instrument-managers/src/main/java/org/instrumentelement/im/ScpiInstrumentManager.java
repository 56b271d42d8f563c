package org.instrumentelement.im;

import java.time.Instant;
import java.util.List;
import java.util.regex.Pattern;
import org.instrumentelement.ial.InstrumentException;
import org.instrumentelement.ial.InstrumentSession;
import org.instrumentelement.ial.scpi.ScpiErrorQueue;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.im.model.ImException;
import org.instrumentelement.im.model.ImModel;
import org.instrumentelement.im.model.ParameterSpec;
import org.instrumentelement.im.model.Value;
import org.instrumentelement.im.model.ValueType;

/**
 * A base for IMs whose instrument speaks SCPI: sending settings with the error queue checked, and
 * reading replies that must be numbers. Values reach SCPI only through {@link #scpi(Value)}, which
 * formats numbers itself and refuses text that could end or split a command.
 */
public abstract class ScpiInstrumentManager extends AbstractInstrumentManager {
  private static final Pattern SAFE_TOKEN = Pattern.compile("[A-Za-z0-9_.+-]{1,64}");

  protected ScpiInstrumentManager(ImModel model) {
    super(model);
  }

  /**
   * Sends a command and checks the error queue.
   *
   * @throws ImException INSTRUMENT_ERROR with the instrument's own messages if it refused
   */
  protected static void send(InstrumentSession session, String command)
      throws InstrumentException, ImException {
    session.write(command);
    List<String> errors = ScpiErrorQueue.drain(session);
    if (!errors.isEmpty()) {
      throw new ImException(
          FaultCode.INSTRUMENT_ERROR, "the instrument refused '" + command + "': " + errors);
    }
  }

  /**
   * A string value must be a plain SCPI token ({@link #scpi}) however it comes, also while UNLINKED
   * and when restored at start, when it is sent only at the next link: taken, it would make every
   * link fail.
   */
  @Override
  protected void checkSendable(ParameterSpec parameter, Value value) throws ImException {
    if (value.type() == ValueType.STRING) {
      scpi(value);
    }
  }

  /** Queries a number; a reply that is not one means the conversation is out of step. */
  protected static double queryNumber(InstrumentSession session, String query)
      throws InstrumentException {
    String reply = session.query(query).trim();
    try {
      return Double.parseDouble(reply);
    } catch (NumberFormatException e) {
      throw new InstrumentException(
          "expected a number in reply to " + query + ", got '" + reply + "'");
    }
  }

  /** Queries a text reply as a STRING value stamped now. */
  protected static Value queryText(InstrumentSession session, String query)
      throws InstrumentException {
    return Value.ofString(session.query(query).trim(), Instant.now());
  }

  /**
   * The SCPI form of a validated value: numbers as Java formats them (a valid SCPI NR3), booleans
   * as ON/OFF, enum choices and strings only if they are plain tokens.
   *
   * @throws ImException INVALID_VALUE for text with separators, quotes or terminators
   */
  protected static String scpi(Value v) throws ImException {
    return switch (v.type()) {
      case DOUBLE -> Double.toString(v.asDouble());
      case INTEGER -> Long.toString(v.asLong());
      case BOOLEAN -> v.asBoolean() ? "ON" : "OFF";
      case STRING, ENUM -> {
        String s = v.asString();
        if (!SAFE_TOKEN.matcher(s).matches()) {
          throw new ImException(
              FaultCode.INVALID_VALUE,
              "'" + s + "' cannot be sent to the instrument as a SCPI token");
        }
        yield s;
      }
      case DOUBLE_ARRAY ->
          throw new ImException(FaultCode.WRONG_TYPE, "a vector is not a SCPI argument");
    };
  }
}
