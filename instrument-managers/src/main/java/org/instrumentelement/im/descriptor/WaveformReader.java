package org.instrumentelement.im.descriptor;

import java.nio.ByteOrder;
import java.util.Locale;
import java.util.function.UnaryOperator;
import org.instrumentelement.ial.InstrumentException;
import org.instrumentelement.ial.InstrumentSession;
import org.instrumentelement.ial.ieee4882.BinaryFormat;
import org.instrumentelement.ial.trace.ScaledCodes;
import org.instrumentelement.im.model.ImException;

/** Reads a waveform as its {@link WaveformSpec} says: preamble, data block, scaling to volts. */
final class WaveformReader {
  private WaveformReader() {}

  /** Reads the preamble and, if {@code withData}, the samples, in volts. */
  static Waveform read(
      InstrumentSession s,
      WaveformSpec spec,
      ScpiTemplate.Values values,
      UnaryOperator<String> parameters,
      boolean withData)
      throws InstrumentException, ImException {
    return read(s, spec, values, parameters, withData, false);
  }

  /**
   * Reads the preamble and, if {@code withData}, the samples; with {@code keepCodes} as well, 8 or
   * 16-bit samples are kept as the instrument's codes ({@link Waveform#codes}).
   *
   * @param values formats the placeholders of the queries ({@code {channel}})
   * @param parameters the current value of a parameter, as text (for a format chosen by one)
   */
  static Waveform read(
      InstrumentSession s,
      WaveformSpec spec,
      ScpiTemplate.Values values,
      UnaryOperator<String> parameters,
      boolean withData,
      boolean keepCodes)
      throws InstrumentException, ImException {
    if (spec.before() != null) {
      s.write(spec.before().render(values));
    }
    Preamble pre =
        spec.preamble() == null
            ? Preamble.parse("", ",", java.util.Map.of())
            : Preamble.parse(
                s.query(spec.preamble().render(values)), spec.separator(), spec.fields());
    double[] volts = new double[0];
    ScaledCodes kept = null;
    if (withData) {
      BinaryFormat format = format(spec, parameters);
      ByteOrder order = byteOrder(spec, parameters);
      byte[] block = s.queryBinaryBlock(spec.query().render(values));
      try {
        if (keepCodes && pre.has("yIncrement")) {
          double inc = pre.number("yIncrement", 1);
          double offset =
              spec.scaling().offset(inc, pre.number("yOrigin", 0), pre.number("yReference", 0));
          kept = ScaledCodes.fromBlock(format, block, order, inc, offset);
          if (kept != null) {
            kept =
                kept.withSpecialCodes(
                    WaveformSpec.kept(spec.holeCode(), format),
                    WaveformSpec.kept(spec.clipLowCode(), format),
                    WaveformSpec.kept(spec.clipHighCode(), format));
          }
        }
        volts =
            kept != null ? kept.toDoubles() : scale(format.decode(block, order), pre, spec, format);
      } catch (IllegalArgumentException e) {
        throw new InstrumentException("waveform block: " + e.getMessage());
      }
    }
    double xOrigin = pre.number("xOrigin", 0);
    double xIncrement;
    if (pre.has("xIncrement")) {
      xIncrement = pre.number("xIncrement", Double.NaN);
    } else if (pre.has("xStop")) {
      double points = pre.number("points", volts.length);
      xIncrement = (pre.number("xStop", 0) - xOrigin) / points;
    } else {
      xIncrement = Double.NaN;
    }
    return new Waveform(volts, kept, xIncrement, xOrigin, pre.number("xReference", 0));
  }

  private static double[] scale(
      double[] codes, Preamble pre, WaveformSpec spec, BinaryFormat format)
      throws InstrumentException {
    WaveformScaling scaling = spec.scaling();
    if (!pre.has("yIncrement")) {
      return codes; // floating-point data: volts already
    }
    // A hole is no sample here either, as in the codes (NaN); the instrument's code, unshifted.
    Integer kept = format.width() > 2 ? null : WaveformSpec.kept(spec.holeCode(), format);
    double hole = kept == null ? Double.NaN : kept + ScaledCodes.shift(format);
    double inc = pre.number("yIncrement", 1);
    double origin = pre.number("yOrigin", 0);
    double reference = pre.number("yReference", 0);
    double[] volts = codes; // scaled in place: the codes are not needed afterwards
    for (int i = 0; i < volts.length; i++) {
      volts[i] = codes[i] == hole ? Double.NaN : scaling.volts(codes[i], inc, origin, reference);
    }
    return volts;
  }

  private static BinaryFormat format(WaveformSpec spec, UnaryOperator<String> parameters)
      throws InstrumentException {
    if (spec.formats().isEmpty()) {
      return BinaryFormat.of(spec.format());
    }
    String v = parameters.apply(spec.format()).toUpperCase(Locale.ROOT);
    BinaryFormat f = spec.formats().get(v);
    if (f == null) {
      throw new InstrumentException("no binary format is described for " + spec.format() + " " + v);
    }
    return f;
  }

  private static ByteOrder byteOrder(WaveformSpec spec, UnaryOperator<String> parameters)
      throws InstrumentException {
    if (spec.byteOrders().isEmpty()) {
      return spec.byteOrder().equalsIgnoreCase("big")
          ? ByteOrder.BIG_ENDIAN
          : ByteOrder.LITTLE_ENDIAN;
    }
    String v = parameters.apply(spec.byteOrder()).toUpperCase(Locale.ROOT);
    ByteOrder o = spec.byteOrders().get(v);
    if (o == null) {
      throw new InstrumentException("no byte order is described for " + spec.byteOrder() + " " + v);
    }
    return o;
  }
}
