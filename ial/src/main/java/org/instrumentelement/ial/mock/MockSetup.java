package org.instrumentelement.ial.mock;

import org.instrumentelement.ial.scpi.device.HeaderPattern;

/**
 * A model's setup transfer ({@code :SYSTem:SETup?} and {@code :SYSTem:SETup <block>} on a Keysight
 * scope): the query answers every setting as a block, the command takes such a block back and
 * restores every setting it holds. The block is {@link SetupCodec}'s format, binary like a real
 * instrument's.
 *
 * @param query the query header, or {@code null}
 * @param command the command header, or {@code null}
 */
record MockSetup(String name, HeaderPattern query, HeaderPattern command) {}
