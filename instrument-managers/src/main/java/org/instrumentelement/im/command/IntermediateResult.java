package org.instrumentelement.im.command;

import org.instrumentelement.im.model.Value;

/**
 * A result a command gave on its way.
 *
 * @param index from 1, in the order the command gave them (a gap in a status means older ones were
 *     no longer kept)
 */
public record IntermediateResult(long index, Value value) {}
