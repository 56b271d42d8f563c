/**
 * The history archive: what an Instrument Element published, kept on disk and read back by time.
 * Samples go to a journal that is forced to disk every flush interval, and to an open segment per
 * series in memory; segments are written as HDF5 files with an index beside them, and retention
 * removes the oldest. Queries read raw samples with continuation, buckets of statistics, the vector
 * at a time, and the gaps where nothing was archived. Nothing here knows SOAP, JMS or HTTP.
 */
package org.instrumentelement.ie.history;
