package org.instrumentelement.ie.provenance;

import java.time.Instant;

/**
 * A parameter of an IM that took a value while the Instrument Element ran.
 *
 * @param revision the IM's provenance revision this change made
 * @param user who set it; empty when the instrument chose it, it was read back or restored
 * @param source why: {@code SET}, {@code RESTORED}, {@code INSTRUMENT} or {@code READ_BACK} (as
 *     {@link org.instrumentelement.im.ParameterChange})
 * @param oldValue the value before, as text
 * @param newValue the value after, as text
 */
public record ProvenanceChange(
    long revision,
    Instant time,
    String user,
    String source,
    String parameter,
    String oldValue,
    String newValue) {}
