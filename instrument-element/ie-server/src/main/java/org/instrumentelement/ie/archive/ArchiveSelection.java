package org.instrumentelement.ie.archive;

import java.util.List;

/**
 * Which sampled attributes the archive keeps: every scalar (DOUBLE, INTEGER) one unless excluded,
 * vectors only where named. Items are written as in recordings, {@code <im path>:<attribute>}, with
 * {@code *} for every attribute of an IM ({@code lab/scope:*}).
 *
 * @param exclude scalar attributes not archived ({@code history.exclude})
 * @param vectors vector attributes archived ({@code history.vectors})
 */
public record ArchiveSelection(List<String> exclude, List<String> vectors) {

  public ArchiveSelection {
    exclude = List.copyOf(exclude);
    vectors = List.copyOf(vectors);
  }

  /** Whether a scalar attribute is archived. */
  public boolean scalar(String im, String attribute) {
    return !matches(exclude, im, attribute);
  }

  /** Whether a vector attribute is archived. */
  public boolean vector(String im, String attribute) {
    return matches(vectors, im, attribute);
  }

  private static boolean matches(List<String> items, String im, String attribute) {
    for (String item : items) {
      int colon = item.lastIndexOf(':');
      if (colon < 0) {
        continue;
      }
      String i = item.substring(0, colon).strip();
      String a = item.substring(colon + 1).strip();
      if (i.equals(im) && (a.equals("*") || a.equals(attribute))) {
        return true;
      }
    }
    return false;
  }
}
