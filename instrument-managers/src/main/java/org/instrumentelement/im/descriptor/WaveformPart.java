package org.instrumentelement.im.descriptor;

import java.util.Locale;

/** What an attribute takes from the waveform ({@code attribute.<name>.from = waveform.volts}). */
enum WaveformPart {
  /** The samples in volts, scaled from the preamble. */
  VOLTS(true),
  /**
   * The samples in volts, kept as the instrument's 8- or 16-bit codes with the preamble's scale and
   * offset (volts = code * scale + offset) when the format is one of those; else as {@link #VOLTS}.
   */
  CODES(true),
  /** The time of each sample relative to the trigger, in seconds. */
  TIME(true),
  /** Seconds between two samples. */
  X_INCREMENT(false),
  /** Time of the first sample relative to the trigger. */
  X_ORIGIN(false),
  /** Maximum minus minimum of a trace, in volts. */
  PEAK_TO_PEAK(true);

  private final boolean needsData;

  WaveformPart(boolean needsData) {
    this.needsData = needsData;
  }

  /** Whether the samples must be read, not only the preamble. */
  boolean needsData() {
    return needsData;
  }

  /** Parses {@code waveform.volts}, {@code waveform.xIncrement}... */
  static WaveformPart of(String from) {
    String s = from.trim();
    if (!s.startsWith("waveform.")) {
      throw new IllegalArgumentException("'" + from + "' is not waveform.<part>");
    }
    String part = s.substring("waveform.".length()).replaceAll("([a-z])([A-Z])", "$1_$2");
    try {
      return valueOf(part.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "'"
              + from
              + "' is not one of waveform.volts, waveform.codes, waveform.time, waveform.xIncrement,"
              + " waveform.xOrigin, waveform.peakToPeak");
    }
  }
}
