package org.instrumentelement.im;

/** Told of every state change of an Instrument Manager. */
@FunctionalInterface
public interface StateListener {

  /**
   * Called after {@code im} moved from {@code from} to {@code to}, on the thread that caused it.
   * Must return quickly and not call back into the IM.
   */
  void stateChanged(InstrumentManager im, String from, String to);
}
