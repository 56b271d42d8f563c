package org.instrumentelement.ie.history;

import java.util.List;

/**
 * One answer to a raw query: the samples in (time, sequence) order, the gaps in the range, and how
 * to go on.
 *
 * @param continuation the token that resumes after the last sample, or {@code null} when the range
 *     holds no more
 */
public record RawPage(List<Sample> samples, List<Gap> gaps, String continuation) {}
