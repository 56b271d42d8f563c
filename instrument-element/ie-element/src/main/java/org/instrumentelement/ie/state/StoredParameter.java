package org.instrumentelement.ie.state;

import java.time.Instant;

/**
 * A parameter value taken at run time, as kept across restarts.
 *
 * @param value the value as text, in the form configuration files use
 * @param source how it was taken: {@code SET} (by a client), {@code INSTRUMENT} (chosen by the
 *     instrument during a command) or {@code READ_BACK} (read at link)
 * @param by the user who set it or ran the command; empty for a read-back
 * @param at when
 */
public record StoredParameter(String value, String source, String by, Instant at) {}
