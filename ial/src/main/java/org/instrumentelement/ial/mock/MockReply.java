package org.instrumentelement.ial.mock;

import java.util.List;

/**
 * A query answered with text computed from the device's state, such as a waveform preamble: the
 * template's {@code {...}} parts are expressions, or property names shown as the device formats
 * them.
 *
 * @param parts literal strings and {@link MockExpression}s, in order
 * @param source the property naming the channel the reply describes ({@code CHAN2}), or {@code
 *     null}; a {@code {ch}} in the query header takes precedence
 */
record MockReply(String name, ScpiHeader query, List<Object> parts, String source) {}
