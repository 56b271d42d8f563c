package org.instrumentelement.im.managers;

import java.nio.ByteOrder;
import java.time.Instant;
import org.instrumentelement.ial.InstrumentException;
import org.instrumentelement.ial.InstrumentSession;
import org.instrumentelement.ial.ieee4882.BinaryFormat;
import org.instrumentelement.ial.trace.ScaledCodes;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.im.ScpiInstrumentManager;
import org.instrumentelement.im.model.AttributeSpec;
import org.instrumentelement.im.model.ImException;
import org.instrumentelement.im.model.ImModel;
import org.instrumentelement.im.model.ParameterSpec;
import org.instrumentelement.im.model.Value;
import org.instrumentelement.im.model.ValueSpec;

/**
 * A device that returns a vector of N doubles at every acquisition: the instrument of the DORII
 * measurements (N = 1,250 or 2,500), and the load generator of our benchmarks. Drives {@code
 * MOCK::array} ({@code POINts}, {@code DATA?} answering a block of little-endian float64).
 *
 * <p>With {@code format} WORD ({@code FORMat WORD}) the device answers signed 16-bit codes instead,
 * as a scope does in {@code :WAVeform:FORMat WORD}, scaled by its {@code PREamble?} (Keysight's
 * layout: y increment, origin and reference in fields 8 to 10); the vector is then kept as those
 * codes ({@link Value#ofCodes}), so that the IE publishes them on the attribute's codes topic as
 * well and answers CODES polls with them. REAL (the default) keeps the doubles.
 */
public class ArrayDeviceManager extends ScpiInstrumentManager {
  /** The {@code format} of float64 values. */
  static final String REAL = "REAL";

  /** The {@code format} of signed 16-bit codes. */
  static final String WORD = "WORD";

  static final ImModel MODEL =
      standardModel("array")
          .description("A device answering a vector of N doubles per acquisition.")
          .parameter(
              ParameterSpec.of(
                  "length",
                  ValueSpec.integer(1, 1_000_000),
                  Value.ofInteger(2500, Instant.EPOCH),
                  "Number of doubles per vector."))
          .parameter(
              ParameterSpec.of(
                  "format",
                  ValueSpec.choice(REAL, WORD),
                  Value.ofEnum(REAL, Instant.EPOCH),
                  "How the device sends a vector: REAL as float64 values, WORD as 16-bit codes"
                      + " with a scale and an offset (kept as codes)."))
          .attribute(
              AttributeSpec.readOnly(
                      "vector", ValueSpec.vector(""), "A new vector of 'length' doubles.")
                  .asSubscribable())
          .attribute(
              AttributeSpec.readOnly("identity", ValueSpec.text(), "The instrument's *IDN? reply."))
          .build();

  public ArrayDeviceManager() {
    super(MODEL);
  }

  @Override
  protected void onLink(InstrumentSession s) throws InstrumentException, ImException {
    s.write("*CLS");
    super.onLink(s);
  }

  @Override
  protected void applyParameter(InstrumentSession s, ParameterSpec p, Value v)
      throws InstrumentException, ImException {
    send(s, (p.name().equals("format") ? "FORMat " : "POINts ") + scpi(v));
  }

  /** {@code length} is the device's {@code POINts?}, {@code format} its {@code FORMat?}. */
  @Override
  protected Value readParameter(InstrumentSession s, ParameterSpec p)
      throws InstrumentException, ImException {
    if (p.name().equals("format")) {
      return Value.ofEnum(s.query("FORMat?").trim(), Instant.now());
    }
    return Value.ofInteger(Math.round(queryNumber(s, "POINts?")), Instant.now());
  }

  @Override
  protected Value readAttribute(InstrumentSession s, AttributeSpec a)
      throws InstrumentException, ImException {
    return switch (a.name()) {
      case "vector" -> {
        if (WORD.equals(getParameter("format").asString())) {
          yield codes(s);
        }
        byte[] block = s.queryBinaryBlock("DATA?");
        if (block.length % 8 != 0) {
          throw new InstrumentException("DATA? block of " + block.length + " bytes is not float64");
        }
        // Little-endian float64 is what the IE's answers and messages carry: kept as it came.
        yield Value.ofLittleEndianDoubles(block, Instant.now());
      }
      case "identity" -> queryText(s, "*IDN?");
      default -> throw new ImException(FaultCode.INTERNAL_ERROR, "unhandled attribute " + a.name());
    };
  }

  /**
   * A WORD vector: the preamble's scale, then the codes as they came (signed, little-endian: no
   * copy), value = code * yIncrement + (yOrigin - yReference * yIncrement).
   */
  private static Value codes(InstrumentSession s) throws InstrumentException {
    String[] preamble = s.query("PREamble?").split(",");
    if (preamble.length < 10) {
      throw new InstrumentException("PREamble? has " + preamble.length + " fields, not 10");
    }
    double increment = number(preamble[7]);
    double offset = number(preamble[8]) - number(preamble[9]) * increment;
    byte[] block = s.queryBinaryBlock("DATA?");
    try {
      return Value.ofCodes(
          ScaledCodes.fromBlock(
              BinaryFormat.INT16, block, ByteOrder.LITTLE_ENDIAN, increment, offset),
          Instant.now());
    } catch (IllegalArgumentException e) {
      throw new InstrumentException("DATA? block: " + e.getMessage());
    }
  }

  private static double number(String field) throws InstrumentException {
    try {
      return Double.parseDouble(field.trim());
    } catch (NumberFormatException e) {
      throw new InstrumentException("PREamble? field '" + field + "' is not a number");
    }
  }
}
