package org.instrumentelement.ial.mock;

import java.util.Map;

/**
 * A number the device computes from its settings (a preamble's y increment, a code count), either
 * one expression, or one expression per value of a selector property ({@code codes} is 256 when
 * {@code format} is BYTE, 65536 when it is WORD).
 *
 * @param selector the property whose value picks the expression, or {@code null}
 * @param byValue the expression for each selector value, keys in upper case
 * @param expression the expression when there is no selector
 */
record MockDerived(
    String name, String selector, Map<String, MockExpression> byValue, MockExpression expression) {}
