package org.instrumentelement.ie.opcuapeer;

/**
 * What a load counted since it started, as the load client answers {@code counts}.
 *
 * @param events reads answered well, or values delivered for the first time (duplicates are counted
 *     by {@code sequence})
 * @param errors reads that failed or answered a wrong vector, or values that were not a vector
 * @param sequence the subscriptions' account of the values' sequence numbers (polling: none)
 * @param lastError the last error's message, or null
 */
record LoadCounts(long events, long errors, SequenceAccount.Counts sequence, String lastError) {}
