package org.instrumentelement.im.model;

/** The type of a parameter, attribute or command argument. */
public enum ValueType {
  DOUBLE,
  INTEGER,
  BOOLEAN,
  STRING,
  /** A string from a fixed list of choices. */
  ENUM,
  /** A vector of doubles (a waveform, a spectrum, an array of readings). */
  DOUBLE_ARRAY
}
