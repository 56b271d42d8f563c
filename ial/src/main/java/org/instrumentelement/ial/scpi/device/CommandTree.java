package org.instrumentelement.ial.scpi.device;

import java.util.ArrayList;
import java.util.List;

/**
 * The headers an instrument knows, each with what it does, declared once as {@link HeaderPattern}s;
 * a received header finds its entry whatever spelling the client used.
 *
 * @param <T> what the instrument does for a header
 */
public final class CommandTree<T> {
  /** A header and its handler. */
  public record Entry<T>(HeaderPattern pattern, T handler) {}

  /** A header found: its handler, and the channel its {@code {ch}} suffix selects (1 if none). */
  public record Found<T>(HeaderPattern pattern, T handler, int channel) {}

  private final List<Entry<T>> entries = new ArrayList<>();

  /** Adds a header; the first one added wins where two patterns accept the same spelling. */
  public CommandTree<T> add(HeaderPattern pattern, T handler) {
    entries.add(new Entry<>(pattern, handler));
    return this;
  }

  /**
   * The entry for a received header.
   *
   * @throws ScpiErrorException -113 if no header fits, -114 if one fits but for its suffix
   */
  public Found<T> find(ProgramHeader header) throws ScpiErrorException {
    int[] channel = new int[1];
    boolean suffixOutOfRange = false;
    for (Entry<T> e : entries) {
      switch (e.pattern().match(header, channel)) {
        case MATCH -> {
          return new Found<>(e.pattern(), e.handler(), channel[0]);
        }
        case SUFFIX_OUT_OF_RANGE -> suffixOutOfRange = true;
        case NO_MATCH -> {
          // try the next
        }
      }
    }
    ScpiError error = suffixOutOfRange ? ScpiError.SUFFIX_OUT_OF_RANGE : ScpiError.UNDEFINED_HEADER;
    throw new ScpiErrorException(error.withDetail(header.toString()));
  }

  /** Every entry, in the order added (the reference documentation lists them). */
  public List<Entry<T>> entries() {
    return List.copyOf(entries);
  }
}
