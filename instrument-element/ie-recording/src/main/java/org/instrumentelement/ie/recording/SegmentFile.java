package org.instrumentelement.ie.recording;

/**
 * One complete segment of a recording on disk.
 *
 * @param name the file name, e.g. {@code segment-000001.h5}
 * @param bytes its size
 */
public record SegmentFile(String name, long bytes) {}
