package org.instrumentelement.ie.recording;

import java.time.Instant;

/**
 * A parameter of a recorded IM that took a new value during a recording.
 *
 * @param user who set it; empty when the instrument chose it or it was read back
 * @param oldValue the value before, as text
 * @param newValue the value after, as text
 */
record ParameterChangeEntry(
    Instant time, String user, String im, String parameter, String oldValue, String newValue) {}
