package org.instrumentelement.im.descriptor;

import java.util.Locale;

/**
 * How a preamble turns a code into volts; vendors differ ({@code waveform.scaling}). Without a y
 * increment in the preamble the samples are volts already (floating-point formats).
 */
enum WaveformScaling {
  /** Keysight, Tektronix and most others: volts = (code - yReference) * yIncrement + yOrigin. */
  REFERENCE {
    @Override
    double volts(double code, double yIncrement, double yOrigin, double yReference) {
      return (code - yReference) * yIncrement + yOrigin;
    }

    @Override
    double offset(double yIncrement, double yOrigin, double yReference) {
      return yOrigin - yReference * yIncrement;
    }
  },
  /** Rigol: yOrigin counts codes too, volts = (code - yOrigin - yReference) * yIncrement. */
  ORIGIN_IN_CODES {
    @Override
    double volts(double code, double yIncrement, double yOrigin, double yReference) {
      return (code - yOrigin - yReference) * yIncrement;
    }

    @Override
    double offset(double yIncrement, double yOrigin, double yReference) {
      return -(yOrigin + yReference) * yIncrement;
    }
  };

  abstract double volts(double code, double yIncrement, double yOrigin, double yReference);

  /**
   * The volts of code 0, for traces kept as codes: volts = code * yIncrement + offset, the same
   * line as {@link #volts} (which may differ from it in the last bit, rounding in another order).
   */
  abstract double offset(double yIncrement, double yOrigin, double yReference);

  /** Parses {@code reference} or {@code origin-in-codes}. */
  static WaveformScaling of(String name) {
    return valueOf(name.trim().toUpperCase(Locale.ROOT).replace('-', '_'));
  }
}
