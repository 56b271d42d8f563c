package org.instrumentelement.ial.mock;

import java.util.List;
import org.instrumentelement.ial.scpi.device.HeaderPattern;

/**
 * A query answered with text computed from the device's state, such as a waveform preamble or a
 * multimeter's readings: the template's {@code {...}} parts are expressions, or property names
 * shown as the device formats them. The last text each reply rendered is kept, so that another
 * query can answer it again ({@code FETCh?} answers what {@code READ?} or {@code INITiate} took).
 *
 * @param parts literal strings, {@link MockExpression}s and {@link Field}s, in order; empty with
 *     {@code recalls}
 * @param source the property naming the channel the reply describes ({@code CHAN2}), or {@code
 *     null}; a {@code {ch}} in the query header takes precedence
 * @param describes a block whose held acquisition the reply describes (a preamble), or {@code
 *     null}: then it is computed from the settings that acquisition was made with
 * @param count how many times the text is rendered, comma-separated ({@code sampleCount *
 *     triggerCount} readings), or {@code null} for once
 * @param recalls a reply whose last rendered text this one answers, or {@code null}
 */
record MockReply(
    String name,
    HeaderPattern query,
    List<Object> parts,
    String source,
    String describes,
    MockExpression count,
    String recalls) {

  /**
   * A number written in a form the template names, where the model's default (integer form for
   * whole numbers, else real) would not be the manual's: the model's real or integer form ({@code
   * {offset:real}}), or a picture of its own where the manual writes this reply differently from
   * the model's other answers ({@code {xStart:9.999E-999}}).
   *
   * @param spec {@code real}, {@code integer} or the picture, as the template writes it
   * @param form the form it names
   */
  record Field(MockExpression expression, String spec, NumberForm form) {}
}
