package org.instrumentelement.im.descriptor;

import java.nio.ByteOrder;
import java.util.Locale;
import java.util.function.UnaryOperator;
import org.instrumentelement.ial.InstrumentException;
import org.instrumentelement.ial.InstrumentSession;
import org.instrumentelement.ial.ieee4882.BinaryFormat;
import org.instrumentelement.im.model.ImException;

/** Reads a waveform as its {@link WaveformSpec} says: preamble, data block, scaling to volts. */
final class WaveformReader {
  private WaveformReader() {}

  /**
   * Reads the preamble and, if {@code withData}, the samples.
   *
   * @param values formats the placeholders of the queries ({@code {channel}})
   * @param parameters the current value of a parameter, as text (for a format chosen by one)
   */
  static Waveform read(
      InstrumentSession s,
      WaveformSpec spec,
      ScpiTemplate.Values values,
      UnaryOperator<String> parameters,
      boolean withData)
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
    if (withData) {
      BinaryFormat format = format(spec, parameters);
      ByteOrder order = byteOrder(spec, parameters);
      byte[] block = s.queryBinaryBlock(spec.query().render(values));
      double[] codes;
      try {
        codes = format.decode(block, order);
      } catch (IllegalArgumentException e) {
        throw new InstrumentException("waveform block: " + e.getMessage());
      }
      volts = scale(codes, pre, spec.scaling());
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
    return new Waveform(volts, xIncrement, xOrigin, pre.number("xReference", 0));
  }

  private static double[] scale(double[] codes, Preamble pre, WaveformScaling scaling)
      throws InstrumentException {
    if (!pre.has("yIncrement")) {
      return codes; // floating-point data: volts already
    }
    double inc = pre.number("yIncrement", 1);
    double origin = pre.number("yOrigin", 0);
    double reference = pre.number("yReference", 0);
    double[] volts = codes; // scaled in place: the codes are not needed afterwards
    for (int i = 0; i < volts.length; i++) {
      volts[i] = scaling.volts(codes[i], inc, origin, reference);
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
