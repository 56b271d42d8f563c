package org.instrumentelement.im;

import org.instrumentelement.im.model.Value;

/**
 * Told of every parameter value an Instrument Manager takes after it was opened with its configured
 * values: what the Instrument Element keeps across restarts, and where each value came from.
 */
@FunctionalInterface
public interface ParameterListener {

  /**
   * Called after {@code im} took {@code value} for parameter {@code name}, on the thread that
   * caused it and with the IM's lock held, so calls arrive in the order the values took effect. A
   * slow listener delays that IM only; it must not call back into the IM.
   */
  void parameterChanged(InstrumentManager im, String name, Value value, ParameterChange change);
}
