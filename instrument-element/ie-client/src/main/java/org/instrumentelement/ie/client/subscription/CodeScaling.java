package org.instrumentelement.ie.client.subscription;

/**
 * How a trace of codes ({@code INT8_CODES}, {@code INT16_CODES}, from an attribute's codes topic)
 * turns into values: {@code code * scale + offset} in double precision, NaN for the NaN code.
 *
 * @param nanCode the instrument's code of no sample ({@code ieNanCode}), or null if none
 * @param clipLowCode the code of a sample clipped at the bottom of the screen, or null
 * @param clipHighCode the code of a sample clipped at the top of the screen, or null
 */
public record CodeScaling(
    double scale, double offset, Integer nanCode, Integer clipLowCode, Integer clipHighCode) {}
