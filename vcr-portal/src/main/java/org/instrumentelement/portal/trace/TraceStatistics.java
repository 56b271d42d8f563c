package org.instrumentelement.portal.trace;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * The live traces' figures at one moment, served as {@code GET api/traces}: what each trace's
 * frames cost to build (built per value and width, not per viewer) and how the viewers keep up
 * (frames sent, frames superseded by newer ones before a slow viewer could take them, frames
 * waiting: at most two per watched trace and viewer, whatever the rate or the time).
 *
 * @param viewers connected WebSockets
 * @param sent frames handed to the sockets
 * @param superseded frames replaced by a newer one while waiting for a slow viewer
 * @param acknowledged acknowledgements received from pages
 * @param failed sends that failed (sockets that closed)
 * @param waiting frames waiting now, over all viewers
 * @param mostWaiting the most frames waiting for one viewer now
 * @param unacknowledged frames sent and not acknowledged yet, over all viewers
 * @param traces one entry per watched trace
 */
public record TraceStatistics(
    int viewers,
    long sent,
    long superseded,
    long acknowledged,
    long failed,
    long waiting,
    int mostWaiting,
    long unacknowledged,
    List<Trace> traces) {

  /**
   * One trace's figures.
   *
   * @param values values received from the IE
   * @param emitted snapshots sent out (at most {@code portal.trace.maxRate} a second)
   * @param encodes frames built, by format; with encode-once at most one per snapshot, width bucket
   *     and format
   */
  public record Trace(
      String ie,
      String im,
      String attribute,
      int viewers,
      long values,
      long emitted,
      Formats encodes,
      FormatFigures bytesPerFrame,
      FormatFigures encodeMicros,
      Double decimationMicros) {}

  /** The same figures with only the traces that {@code keep} accepts. */
  public TraceStatistics only(java.util.function.Predicate<Trace> keep) {
    return new TraceStatistics(
        viewers,
        sent,
        superseded,
        acknowledged,
        failed,
        waiting,
        mostWaiting,
        unacknowledged,
        traces.stream().filter(keep).toList());
  }

  /** A count per frame format. */
  public record Formats(long json, long binary) {}

  /** A mean per frame format (null where none was built). */
  public record FormatFigures(Double json, Double binary) {
    static FormatFigures of(double json, double binary) {
      return new FormatFigures(finite(json), finite(binary));
    }

    static Double finite(double v) {
      return Double.isFinite(v) ? v : null;
    }
  }

  static TraceStatistics of(Collection<Viewer> viewers, Collection<TraceFeed> feeds) {
    long sent = 0;
    long superseded = 0;
    long acknowledged = 0;
    long failed = 0;
    long waiting = 0;
    int mostWaiting = 0;
    long unacknowledged = 0;
    int n = 0;
    for (Viewer v : viewers) {
      Viewer.Counters c = v.counters();
      n++;
      sent += c.sent();
      superseded += c.superseded();
      acknowledged += c.acknowledged();
      failed += c.failed();
      waiting += c.waiting();
      mostWaiting = Math.max(mostWaiting, c.waiting());
      unacknowledged += c.unacknowledged();
    }
    List<Trace> traces = new ArrayList<>();
    for (TraceFeed f : feeds) {
      FrameCounters c = f.counters;
      // The frame thread goes on sending out while these are read: the frames built first, then
      // the snapshots sent out, so that the figures keep encode-once's bound (at most one frame
      // per snapshot, width bucket and format, and those of the first snapshot on joining). Read
      // the other way round, a snapshot sent out and its frames built between the two reads
      // would show one frame more than the snapshots allow.
      long json = c.encodes(FrameFormat.JSON);
      long binary = c.encodes(FrameFormat.BINARY);
      long emitted = c.emitted();
      traces.add(
          new Trace(
              f.key.element(),
              f.key.im(),
              f.key.attribute(),
              f.viewers.size(),
              f.valuesReceived(),
              emitted,
              new Formats(json, binary),
              FormatFigures.of(
                  c.bytesPerFrame(FrameFormat.JSON), c.bytesPerFrame(FrameFormat.BINARY)),
              FormatFigures.of(
                  c.encodeMicros(FrameFormat.JSON), c.encodeMicros(FrameFormat.BINARY)),
              FormatFigures.finite(c.decimationMicros())));
    }
    return new TraceStatistics(
        n, sent, superseded, acknowledged, failed, waiting, mostWaiting, unacknowledged, traces);
  }
}
