/**
 * Recording: the samples the samplers publish, kept as HDF5 files that scientists open with h5py or
 * MATLAB without knowing the Instrument Element. A recording takes every sample handed to the
 * topics (no extra instrument read), through a bounded queue that never blocks a sampler (a full
 * queue drops and counts), and writes it in segments: one complete file per bounded chunk, written
 * under a temporary name and renamed, so that memory stays bounded and a crash loses at most the
 * segment being filled and the one being written. Layout and limits: docs/recording.md.
 */
package org.instrumentelement.ie.recording;
