package org.instrumentelement.ial.mock;

import java.util.Map;

/**
 * A value the device computes from its settings: a number (a preamble's y increment, a code count),
 * either one expression, or one expression per value of a selector property ({@code codes} is 256
 * when {@code format} is BYTE, 65536 when it is WORD); or a text per value of a selector, for a
 * reply that names a setting in other words than its own ({@code MSB} for {@code RIBinary}).
 *
 * @param selector the property whose value picks the expression or text, or {@code null}
 * @param byValue the expression for each selector value, keys in upper case
 * @param expression the expression when there is no selector
 * @param texts the text for each selector value, keys in upper case; empty for a number
 */
record MockDerived(
    String name,
    String selector,
    Map<String, MockExpression> byValue,
    MockExpression expression,
    Map<String, String> texts) {

  /** Whether it is a text rather than a number. */
  boolean isText() {
    return !texts.isEmpty();
  }
}
