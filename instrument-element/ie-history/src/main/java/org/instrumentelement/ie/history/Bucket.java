package org.instrumentelement.ie.history;

/**
 * The statistics of a series over one bucket of a processed query: enough to draw one pixel column
 * of a trend so that every peak shows.
 *
 * @param fromMicros where the bucket starts (inclusive)
 * @param toMicros where it ends (exclusive; the last bucket includes its end)
 * @param count samples in it (0: none, and {@code gap} says whether the archive knows why)
 * @param worstQuality the worst quality code of its samples (larger is worse), -1 with none
 * @param gap whether a gap covers part of it
 */
public record Bucket(
    long fromMicros,
    long toMicros,
    long count,
    double min,
    double max,
    double mean,
    double first,
    double last,
    int worstQuality,
    boolean gap) {}
