package org.instrumentelement.ie.archive;

import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import org.instrumentelement.ie.history.Gap;
import org.instrumentelement.ie.history.HistoryArchive;
import org.instrumentelement.ie.history.Sample;
import org.instrumentelement.ie.history.SeriesId;
import org.instrumentelement.im.model.States;
import org.instrumentelement.im.model.Value;
import org.instrumentelement.im.model.ValueType;
import org.instrumentelement.im.sampling.SampleSink;

/**
 * Hands the archive what it keeps: each archived attribute's published samples (the same samples as
 * its topic, never an extra read), and a gap while its IM is not linked or its sampling is off.
 * Appending costs a journal record and a row in memory: a sampler never waits for the disk.
 */
public final class ArchiveFeed {
  private final HistoryArchive archive;
  private final ArchiveSelection selection;
  private final LongSupplier clockMicros;

  /** Archived series by IM path, and whether each is of vectors. */
  private final Map<String, Map<SeriesId, Boolean>> byIm = new ConcurrentHashMap<>();

  public ArchiveFeed(HistoryArchive archive, ArchiveSelection selection, LongSupplier clockMicros) {
    this.archive = archive;
    this.selection = selection;
    this.clockMicros = clockMicros;
  }

  /**
   * The sink of one sampled attribute's published samples, or {@code null} if the archive does not
   * keep it (not a number or a vector of numbers, excluded, or a vector not named).
   */
  public SampleSink sink(String im, String attribute, ValueType type) {
    boolean vector;
    if (type == ValueType.DOUBLE || type == ValueType.INTEGER) {
      if (!selection.scalar(im, attribute)) {
        return null;
      }
      vector = false;
    } else if (type == ValueType.DOUBLE_ARRAY) {
      if (!selection.vector(im, attribute)) {
        return null;
      }
      vector = true;
    } else {
      return null;
    }
    SeriesId id = new SeriesId(im, attribute);
    byIm.computeIfAbsent(im, k -> new ConcurrentHashMap<>()).put(id, vector);
    archive.declare(id, vector);
    archive.gapClose(id, clockMicros.getAsLong()); // sampling (again): archiving goes on
    return sample -> {
      Value v = sample.value();
      long t = micros(v.timestamp());
      int q = v.quality().ordinal();
      archive.append(
          id,
          vector
              ? Sample.vector(t, sample.sequence(), q, sample.provenance(), v.asDoubles())
              : Sample.scalar(t, sample.sequence(), q, sample.provenance(), v.asDouble()));
    };
  }

  /** An IM changed state: out of the connected states, its series have a gap until it is back. */
  public void stateChanged(String im, String state) {
    Map<SeriesId, Boolean> series = byIm.get(im);
    if (series == null) {
      return;
    }
    long now = clockMicros.getAsLong();
    boolean linked = States.CONNECTED.contains(state);
    series.forEach(
        (id, vector) -> {
          if (linked) {
            archive.gapClose(id, now);
          } else {
            archive.gapOpen(id, vector, now, Gap.Reason.NOT_LINKED);
          }
        });
  }

  /** An attribute's sampling was switched off (a gap until it samples again) or on. */
  public void samplingChanged(String im, String attribute, boolean on) {
    Map<SeriesId, Boolean> series = byIm.get(im);
    if (series == null) {
      return;
    }
    SeriesId id = new SeriesId(im, attribute);
    Boolean vector = series.get(id);
    if (vector == null) {
      return;
    }
    if (on) {
      archive.gapClose(id, clockMicros.getAsLong());
    } else {
      archive.gapOpen(id, vector, clockMicros.getAsLong(), Gap.Reason.SAMPLING_OFF);
    }
  }

  /** The IMs with archived attributes. */
  public Set<String> ims() {
    return byIm.keySet();
  }

  static long micros(Instant t) {
    return t.getEpochSecond() * 1_000_000L + t.getNano() / 1000;
  }
}
