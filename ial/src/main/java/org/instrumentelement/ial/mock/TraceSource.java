package org.instrumentelement.ial.mock;

/**
 * Where a simulated device's traces come from in place of its synthesizer: a replay of recorded
 * data. The device still encodes them in its own dialect (data format, byte order, preamble), so
 * that any IM that reads the model reads the traces given here.
 */
@FunctionalInterface
public interface TraceSource {
  /**
   * The trace, in volts, that the device answers now for {@code channel} (every data query and
   * every measurement of it).
   */
  double[] trace(int channel);
}
