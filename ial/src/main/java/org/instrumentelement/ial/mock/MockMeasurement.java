package org.instrumentelement.ial.mock;

import java.util.List;
import java.util.Map;
import org.instrumentelement.ial.scpi.device.HeaderPattern;

/**
 * A query that measures a trace, as a scope's automatic measurements do: a {@link WaveformFigure}
 * of the samples a block would return for the source channel.
 *
 * @param block the block whose samples are measured
 * @param figure a figure name ({@code peakToPeak}), or a property whose value {@code figures} maps
 *     to one ({@code MEASUrement:IMMed:TYPe})
 * @param figures property value (short form) to figure name; empty for a fixed figure
 * @param source the property naming the measured channel, or {@code null} for the block's source
 * @param parameters what the query's optional parameters name, in order: {@code figure} and/or
 *     {@code source} ({@code :MEASure:VPP? CHANnel2}, {@code :MEASure:ITEM? VPP,CHANnel1})
 */
record MockMeasurement(
    String name,
    HeaderPattern query,
    String block,
    String figure,
    Map<String, String> figures,
    String source,
    List<String> parameters) {}
