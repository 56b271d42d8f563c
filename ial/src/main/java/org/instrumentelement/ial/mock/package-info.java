/**
 * Simulated instruments described by data. A mock device is a small properties file (identity, its
 * command tree: settable properties with SCPI headers, units and limits, actions, computed replies,
 * binary data blocks, measurements; and the signals wired to its inputs) under {@code
 * org/instrumentelement/ial/mock/<model>.properties}; it answers SCPI like a real instrument, error
 * queue included, so the same Instrument Manager drives a mock and a real device. Addressed as
 * {@code MOCK[board]::<model>[::<serial>][::INSTR]}.
 *
 * <p>A {@link org.instrumentelement.ial.mock.MockDevice} is a pipeline: the device-side SCPI parser
 * ({@link org.instrumentelement.ial.scpi.device}) cuts a program message into units and finds each
 * header in the device's command tree, built from the built-in common commands, the model's setting
 * commands, its data queries, screens and files; the handlers work on the device state (settings,
 * status registers or a Tektronix event queue, the simulated acquisition, the block encoder, the
 * files on its disk). {@link org.instrumentelement.ial.mock.MockModelReference} writes the command
 * reference from the models.
 */
package org.instrumentelement.ial.mock;
