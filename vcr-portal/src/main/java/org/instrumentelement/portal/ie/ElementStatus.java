package org.instrumentelement.portal.ie;

import java.time.Instant;
import java.util.List;

/**
 * What the portal last learnt of one Instrument Element with its own account: whether it answers.
 * Not which IMs it has: users see those the IE lists to them, asked as themselves.
 *
 * @param reachable whether its last poll answered
 * @param error why it did not, or null
 * @param since when it became reachable or unreachable
 * @param checked when it was last polled (null: not yet)
 * @param generation counts the times it became reachable: a new generation may be a new IE process
 *     with a new broker, so subscriptions are made again
 */
public record ElementStatus(
    String name,
    String url,
    boolean reachable,
    String error,
    Instant since,
    Instant checked,
    long generation) {

  /** Before the first poll. */
  static ElementStatus unknown(String name, String url) {
    return new ElementStatus(name, url, false, "not contacted yet", Instant.now(), null, 0);
  }

  /** The tree entries of a listInstrumentManagers answer. */
  public static List<Im> ims(List<org.instrumentelement.ie.client.soap.ImSummary> list) {
    return list.stream()
        .map(
            s ->
                new Im(
                    s.getPath(),
                    s.getName(),
                    s.getParent(),
                    s.getType(),
                    s.getDescription(),
                    s.getState()))
        .toList();
  }

  /** One IM of the tree. */
  public record Im(
      String path, String name, String parent, String type, String description, String state) {}
}
