package org.instrumentelement.ie.archive;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import org.instrumentelement.ial.trace.ScaledCodes;
import org.instrumentelement.ial.trace.TraceStatistics;
import org.instrumentelement.ie.history.Gap;
import org.instrumentelement.ie.history.HistoryArchive;
import org.instrumentelement.ie.history.Sample;
import org.instrumentelement.ie.history.SeriesId;
import org.instrumentelement.im.alarm.Statistic;
import org.instrumentelement.im.model.States;
import org.instrumentelement.im.model.Value;
import org.instrumentelement.im.model.ValueType;
import org.instrumentelement.im.sampling.SampleSink;

/**
 * Hands the archive what it keeps: each archived attribute's published samples (the same samples as
 * its topic, never an extra read), the statistics of vectors taken from those same samples as
 * series of their own ({@code waveform.max}), and a gap while its IM is not linked or its sampling
 * is off. Appending costs a journal record and a row in memory: a sampler never waits for the disk.
 * A trace the instrument gave as codes is archived as its codes (a quarter or an eighth of the
 * bytes of its doubles); its statistics are taken from its doubles, as its topic publishes them.
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
   * The sink of one sampled attribute's published samples, or {@code null} if the archive keeps
   * nothing of it: not a number or a vector of numbers, excluded, or a vector neither named nor
   * with statistics to keep.
   *
   * @param statistics for a vector, the statistics kept as scalar series of their own ({@code
   *     waveform.max}), all taken in one pass over each published vector; ignored for a scalar
   */
  public SampleSink sink(
      String im, String attribute, ValueType type, Collection<Statistic> statistics) {
    if (type == ValueType.DOUBLE || type == ValueType.INTEGER) {
      if (!selection.scalar(im, attribute)) {
        return null;
      }
      SeriesId id = declare(im, attribute, false);
      return sample -> {
        Value v = sample.value();
        archive.append(
            id,
            Sample.scalar(
                micros(v.timestamp()),
                sample.sequence(),
                v.quality().ordinal(),
                sample.provenance(),
                v.asDouble()));
      };
    }
    if (type != ValueType.DOUBLE_ARRAY) {
      return null;
    }
    SeriesId vector = selection.vector(im, attribute) ? declare(im, attribute, true) : null;
    List<Statistic> kept = new ArrayList<>();
    for (Statistic s : statistics) {
      if (s != Statistic.VALUE && selection.scalar(im, s.nameOf(attribute))) {
        kept.add(s);
      }
    }
    Statistic[] stats = kept.toArray(new Statistic[0]);
    SeriesId[] ids = new SeriesId[stats.length];
    for (int i = 0; i < stats.length; i++) {
      ids[i] = declare(im, stats[i].nameOf(attribute), false);
    }
    if (vector == null && ids.length == 0) {
      return null;
    }
    return sample -> {
      Value v = sample.value();
      long t = micros(v.timestamp());
      int q = v.quality().ordinal();
      ScaledCodes codes = v.scaledCodes();
      if (vector != null) {
        archive.append(
            vector,
            codes != null
                ? Sample.codes(t, sample.sequence(), q, sample.provenance(), codes)
                : Sample.vector(t, sample.sequence(), q, sample.provenance(), v.asDoubles()));
      }
      if (ids.length > 0 && v.vectorLength() > 0) { // an empty vector has no statistics to keep
        // one pass, whatever the statistics kept
        TraceStatistics all = TraceStatistics.of(v.asDoubles());
        for (int i = 0; i < ids.length; i++) {
          archive.append(
              ids[i],
              Sample.scalar(t, sample.sequence(), q, sample.provenance(), stats[i].from(all)));
        }
      }
    };
  }

  /** A series the archive keeps from now on, of this IM's attribute (or a vector's statistic). */
  private SeriesId declare(String im, String name, boolean vector) {
    SeriesId id = new SeriesId(im, name);
    byIm.computeIfAbsent(im, k -> new ConcurrentHashMap<>()).put(id, vector);
    archive.declare(id, vector);
    archive.gapClose(id, clockMicros.getAsLong()); // sampling (again): archiving goes on
    return id;
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

  /**
   * An attribute's sampling was switched off (a gap until it samples again) or on: in the series of
   * the attribute and of its statistics.
   */
  public void samplingChanged(String im, String attribute, boolean on) {
    Map<SeriesId, Boolean> series = byIm.get(im);
    if (series == null) {
      return;
    }
    long now = clockMicros.getAsLong();
    series.forEach(
        (id, vector) -> {
          if (!id.attribute().equals(attribute) && !ofAttribute(id.attribute(), attribute)) {
            return;
          }
          if (on) {
            archive.gapClose(id, now);
          } else {
            archive.gapOpen(id, vector, now, Gap.Reason.SAMPLING_OFF);
          }
        });
  }

  /** Whether series {@code name} is a statistic of {@code attribute} ({@code waveform.max}). */
  private static boolean ofAttribute(String name, String attribute) {
    return Statistic.inName(name) != null && Statistic.attributeIn(name).equals(attribute);
  }

  /** The IMs with archived attributes. */
  public Set<String> ims() {
    return byIm.keySet();
  }

  static long micros(Instant t) {
    return t.getEpochSecond() * 1_000_000L + t.getNano() / 1000;
  }
}
