/**
 * What the IE hands its history archive ({@code ie-history}): the published samples of the
 * attributes it archives, the statistics of vectors taken from those samples ({@code
 * waveform.max}), and the gaps when an IM leaves LINKED or sampling stops.
 */
package org.instrumentelement.ie.archive;
