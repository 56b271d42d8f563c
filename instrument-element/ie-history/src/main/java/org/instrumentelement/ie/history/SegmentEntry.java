package org.instrumentelement.ie.history;

import java.util.Locale;

/**
 * One written segment of a series, as its index line keeps it: enough to know, without opening the
 * file, whether a query needs it.
 *
 * @param file the segment's file name in the series' directory
 * @param min the smallest value (scalars; NaN for vectors or no finite value)
 * @param max the largest value (likewise)
 * @param vectorLength the length of its vectors, 0 for a scalar series
 */
record SegmentEntry(
    String file,
    long firstTime,
    long lastTime,
    int rows,
    long firstSequence,
    long lastSequence,
    double min,
    double max,
    long bytes,
    int vectorLength) {

  /** Whether it holds samples in {@code [from, to]}. */
  boolean overlaps(long from, long to) {
    return firstTime <= to && lastTime >= from;
  }

  /** Its index line: tab-separated fields. */
  String line() {
    return String.join(
        "\t",
        file,
        Long.toString(firstTime),
        Long.toString(lastTime),
        Integer.toString(rows),
        Long.toString(firstSequence),
        Long.toString(lastSequence),
        Double.toString(min),
        Double.toString(max),
        Long.toString(bytes),
        Integer.toString(vectorLength));
  }

  /** An index line read back; {@code null} if it is not one (a damaged index). */
  static SegmentEntry parse(String line) {
    String[] f = line.split("\t");
    if (f.length != 10 || !f[0].matches("s-[0-9]+-[0-9]+\\.h5")) {
      return null;
    }
    try {
      return new SegmentEntry(
          f[0],
          Long.parseLong(f[1]),
          Long.parseLong(f[2]),
          Integer.parseInt(f[3]),
          Long.parseLong(f[4]),
          Long.parseLong(f[5]),
          Double.parseDouble(f[6]),
          Double.parseDouble(f[7]),
          Long.parseLong(f[8]),
          Integer.parseInt(f[9]));
    } catch (NumberFormatException e) {
      return null;
    }
  }

  @Override
  public String toString() {
    return String.format(Locale.ROOT, "%s (%d rows)", file, rows);
  }
}
