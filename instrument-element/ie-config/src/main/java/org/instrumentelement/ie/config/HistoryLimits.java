package org.instrumentelement.ie.config;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;

/**
 * What the history archive keeps and how (docs/history.md).
 *
 * @param enabled whether published samples are archived (with a data directory)
 * @param flushInterval how often the journal is forced to disk: what a kill may lose
 * @param segmentDuration a series' open segment is written once this old
 * @param segmentBytes ... or once this large
 * @param maxAge segments whose last sample is older are removed
 * @param maxBytes most bytes the segments may take together
 * @param rawLimit most samples one raw answer holds
 * @param cacheBytes memory kept of segments read back
 * @param exclude scalar attributes not archived, {@code <im path>:<attribute>} or {@code :*}
 * @param vectors vector attributes archived, {@code <im path>:<attribute>}
 */
public record HistoryLimits(
    boolean enabled,
    Duration flushInterval,
    Duration segmentDuration,
    long segmentBytes,
    Duration maxAge,
    long maxBytes,
    int rawLimit,
    long cacheBytes,
    List<String> exclude,
    List<String> vectors) {

  /** The directory of the archive under {@code data.dir}. */
  public static final String DIRECTORY = "history";

  public HistoryLimits {
    exclude = List.copyOf(exclude);
    vectors = List.copyOf(vectors);
  }

  /** The {@code history.*} keys. */
  static HistoryLimits read(KeyValues keys) throws ConfigException {
    List<String> exclude = items(keys.get(ConfigKeys.HISTORY_EXCLUDE), "history.exclude");
    List<String> vectors = items(keys.get(ConfigKeys.HISTORY_VECTORS), "history.vectors");
    return new HistoryLimits(
        keys.get(ConfigKeys.HISTORY_ENABLED),
        keys.get(ConfigKeys.HISTORY_FLUSH_INTERVAL),
        keys.get(ConfigKeys.HISTORY_SEGMENT_DURATION),
        keys.get(ConfigKeys.HISTORY_SEGMENT_BYTES),
        keys.get(ConfigKeys.HISTORY_MAX_AGE),
        keys.get(ConfigKeys.HISTORY_MAX_BYTES),
        keys.get(ConfigKeys.HISTORY_RAW_LIMIT),
        keys.get(ConfigKeys.HISTORY_CACHE_BYTES),
        exclude,
        vectors);
  }

  /** {@code lab/scope:waveform, lab/array:*}: each item an IM path, a colon, an attribute or *. */
  private static List<String> items(String text, String key) throws ConfigException {
    if (text.isBlank()) {
      return List.of();
    }
    List<String> out = Arrays.stream(text.split(",")).map(String::strip).toList();
    for (String item : out) {
      if (!item.matches("[A-Za-z0-9_/-]+:([A-Za-z0-9_]+|\\*)")) {
        throw new ConfigException(
            key + ": '" + item + "' is not <im path>:<attribute> (or <im path>:*)");
      }
    }
    return out;
  }
}
