package org.instrumentelement.ie.recording;

/**
 * One attribute of one IM in a recording.
 *
 * @param im the IM path, e.g. {@code lab/scope}
 * @param attribute a subscribable attribute of it
 */
public record RecordedItem(String im, String attribute) {

  /** The form kept in a recording's index: {@code lab/scope#waveform}. */
  String key() {
    return im + "#" + attribute;
  }

  /** The item a {@link #key()} names. */
  static RecordedItem ofKey(String key) {
    int hash = key.lastIndexOf('#');
    return new RecordedItem(key.substring(0, hash), key.substring(hash + 1));
  }

  @Override
  public String toString() {
    return im + " " + attribute;
  }
}
