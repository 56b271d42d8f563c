package org.instrumentelement.ie.history;

import java.util.List;

/** The answer to a processed query: its buckets in time order, and the gaps in the range. */
public record Processed(List<Bucket> buckets, List<Gap> gaps) {}
