/**
 * SCPI instruments described by a file instead of a class: an {@link
 * org.instrumentelement.im.descriptor.InstrumentDescriptor} maps parameters, attributes and
 * commands to SCPI templates with typed conversion, and says how a waveform is read and scaled from
 * its preamble. {@link org.instrumentelement.im.descriptor.DescriptorInstrumentManager} (IM type
 * {@code scpi}) drives any instrument so described; profiles for common oscilloscopes and a DMM are
 * bundled.
 */
package org.instrumentelement.im.descriptor;
