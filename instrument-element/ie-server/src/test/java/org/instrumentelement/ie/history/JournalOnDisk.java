package org.instrumentelement.ie.history;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;

/**
 * What a running IE's history journal holds on disk, read with the archive's own reader: what a
 * test that kills the IE needs to know that the samples it saw would survive the kill. It only
 * reads (whole CRC-checked records; a record being written is not one yet). It lives in the
 * archive's package because the journal's reader is the archive's, not an API of it.
 */
public final class JournalOnDisk {
  private JournalOnDisk() {}

  /**
   * The sequence numbers of the samples of one series in the journal of the archive in {@code
   * historyDir} ({@code <data.dir>/history}). Samples already written to a segment may have left
   * the journal: this is for tests that stay well within one segment.
   */
  public static Set<Long> sequences(Path historyDir, String im, String attribute)
      throws IOException {
    SeriesId wanted = new SeriesId(im, attribute);
    Set<Long> out = new HashSet<>();
    try (Journal journal = new Journal(historyDir.resolve("journal"))) {
      journal.replay(
          new Journal.Replay() {
            @Override
            public void sample(long generation, SeriesId series, boolean vector, Sample s) {
              if (series.equals(wanted)) {
                out.add(s.sequence());
              }
            }

            @Override
            public void gapOpen(SeriesId series, long time, Gap.Reason reason) {}

            @Override
            public void gapClose(SeriesId series, long time) {}

            @Override
            public void alive(long time) {}
          });
    }
    return out;
  }
}
