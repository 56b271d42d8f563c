/**
 * Simulated instruments described by data. A mock device is a small properties file (identity,
 * settable properties with SCPI headers and limits, actions, input signals, binary data blocks)
 * under {@code org/instrumentelement/ial/mock/<model>.properties}; it answers SCPI like a real
 * instrument, error queue included, so the same Instrument Manager drives a mock and a real device.
 * Addressed as {@code MOCK[board]::<model>[::<serial>][::INSTR]}.
 */
package org.instrumentelement.ial.mock;
