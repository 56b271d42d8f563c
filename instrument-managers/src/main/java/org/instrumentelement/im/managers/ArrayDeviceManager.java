package org.instrumentelement.im.managers;

import java.time.Instant;
import org.instrumentelement.ial.InstrumentException;
import org.instrumentelement.ial.InstrumentSession;
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
 */
public class ArrayDeviceManager extends ScpiInstrumentManager {

  static final ImModel MODEL =
      standardModel("array")
          .description("A device answering a vector of N doubles per acquisition.")
          .parameter(
              ParameterSpec.of(
                  "length",
                  ValueSpec.integer(1, 1_000_000),
                  Value.ofInteger(2500, Instant.EPOCH),
                  "Number of doubles per vector."))
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
    send(s, "POINts " + scpi(v));
  }

  /** {@code length} is the device's {@code POINts?}. */
  @Override
  protected Value readParameter(InstrumentSession s, ParameterSpec p)
      throws InstrumentException, ImException {
    return Value.ofInteger(Math.round(queryNumber(s, "POINts?")), Instant.now());
  }

  @Override
  protected Value readAttribute(InstrumentSession s, AttributeSpec a)
      throws InstrumentException, ImException {
    return switch (a.name()) {
      case "vector" -> {
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
}
