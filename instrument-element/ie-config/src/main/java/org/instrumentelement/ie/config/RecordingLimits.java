package org.instrumentelement.ie.config;

import java.time.Duration;

/**
 * What recordings may take: disk in total, memory per recording, and how much a crash may lose.
 *
 * @param quotaBytes most bytes the recordings directory may hold; new recordings are refused and
 *     running ones stopped (keeping what they wrote) when it is reached
 * @param segmentBytes values a recording holds in memory before writing them as a segment file
 * @param segmentDuration longest a segment stays open: a crash loses at most the segment being
 *     filled and the one being written
 * @param queueSamples samples waiting for a recording's writer; beyond, samples are dropped and
 *     counted, never waited for
 * @param maxActive recordings written at once
 */
public record RecordingLimits(
    long quotaBytes, long segmentBytes, Duration segmentDuration, int queueSamples, int maxActive) {

  /** The directory of the recordings under {@code data.dir}. */
  public static final String DIRECTORY = "recordings";

  /** The {@code recording.*} keys. */
  static RecordingLimits read(KeyValues keys) throws ConfigException {
    return new RecordingLimits(
        keys.get(ConfigKeys.RECORDING_QUOTA),
        keys.get(ConfigKeys.RECORDING_SEGMENT_BYTES),
        keys.get(ConfigKeys.RECORDING_SEGMENT_DURATION),
        keys.get(ConfigKeys.RECORDING_QUEUE_SAMPLES),
        keys.get(ConfigKeys.RECORDING_MAX_ACTIVE));
  }
}
