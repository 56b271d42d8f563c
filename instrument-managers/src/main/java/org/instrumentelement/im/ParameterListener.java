package org.instrumentelement.im;

import org.instrumentelement.im.model.ImException;
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

  /**
   * Called when a value kept from the last run ({@link ImContext#restored()}) is refused as the IM
   * opens, by the same check a client's {@link InstrumentManager#setParameter} passes (the
   * parameter's type, range and choices, control characters, and what the instrument's protocol
   * cannot carry): the IM keeps its configured value instead. Called on the opening thread, before
   * the IM links. Default: nothing.
   *
   * @param value the kept value, as text
   * @param reason why it was refused (its code and message, as a client would get them)
   */
  default void restoreRefused(
      InstrumentManager im, String name, String value, ImException reason) {}
}
