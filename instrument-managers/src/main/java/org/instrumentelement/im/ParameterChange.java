package org.instrumentelement.im;

/** Why a parameter of an Instrument Manager took a new value while it runs. */
public enum ParameterChange {
  /** Taken at start-up from the values kept from the last run ({@link ImContext#restored()}). */
  RESTORED,

  /** Set by a client ({@link InstrumentManager#setParameter}). */
  SET,

  /** Chosen by the instrument during a command (an autoscale) and read back into the IM. */
  INSTRUMENT,

  /** Read from the instrument at link in {@link LinkMode#READ_BACK} mode. */
  READ_BACK
}
