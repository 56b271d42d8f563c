package org.instrumentelement.ie.soap;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.instrumentelement.ial.trace.ScaledCodes;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.ie.contract.PackedColumns;
import org.instrumentelement.ie.contract.ValueCodec;
import org.instrumentelement.ie.element.ImNode;
import org.instrumentelement.ie.history.Bucket;
import org.instrumentelement.ie.history.Gap;
import org.instrumentelement.ie.history.HistoryArchive;
import org.instrumentelement.ie.history.Processed;
import org.instrumentelement.ie.history.RawPage;
import org.instrumentelement.ie.history.Sample;
import org.instrumentelement.ie.history.SeriesId;
import org.instrumentelement.ie.soap.types.GetHistory;
import org.instrumentelement.ie.soap.types.GetHistoryResponse;
import org.instrumentelement.ie.soap.types.GetHistoryValue;
import org.instrumentelement.ie.soap.types.GetHistoryValueResponse;
import org.instrumentelement.ie.soap.types.HistoryBucket;
import org.instrumentelement.ie.soap.types.HistoryGap;
import org.instrumentelement.ie.soap.types.HistoryInfo;
import org.instrumentelement.ie.soap.types.HistorySample;
import org.instrumentelement.ie.soap.types.Quality;
import org.instrumentelement.ie.soap.types.Value;
import org.instrumentelement.ie.soap.types.ValueType;
import org.instrumentelement.ie.soap.types.VectorEncoding;
import org.instrumentelement.im.alarm.Statistic;
import org.instrumentelement.im.model.AttributeSpec;
import org.instrumentelement.im.model.ImException;

/**
 * getHistory and getHistoryValue: what an archived attribute did (docs/history.md), or a statistic
 * of a vector attribute kept as a series of its own ({@code waveform.max}). The archive answers;
 * this class checks the request, names the faults and builds the answer.
 */
final class HistoryOperations {
  /** The most samples a raw answer in XML holds (BINARY: {@code history.rawLimit}). */
  static final int XML_PAGE = 10_000;

  /** The most buckets a processed answer holds. */
  static final int MAX_BUCKETS = 10_000;

  private static final Duration DEFAULT_RANGE = Duration.ofHours(1);

  private final ElementView view;
  private final HistoryArchive archive;
  private final int rawLimit;
  private final Clock clock;

  /**
   * @param archive the archive, or {@code null} when the IE keeps none (every attribute is then
   *     NOT_ARCHIVED)
   * @param rawLimit the most samples one raw answer holds ({@code history.rawLimit})
   */
  HistoryOperations(ElementView view, HistoryArchive archive, int rawLimit, Clock clock) {
    this.view = view;
    this.archive = archive;
    this.rawLimit = rawLimit;
    this.clock = clock;
  }

  GetHistoryResponse getHistory(GetHistory r) throws InstrumentElementFault {
    String path = ElementView.required(r == null ? null : r.im, "im");
    String attribute = ElementView.required(r.attribute, "attribute");
    boolean packed = Boolean.TRUE.equals(r.packed);
    if (packed && r.encoding == VectorEncoding.XML) {
      throw fault(
          FaultCode.INVALID_VALUE, path, "packed columns are BINARY: not with encoding XML");
    }
    // A raw answer lists no vectors' values: CODES answers as BINARY.
    VectorEncoding encoding =
        packed || r.encoding == VectorEncoding.CODES ? VectorEncoding.BINARY : r.encoding;
    AttributeSpec spec = attribute(path, attribute);
    SeriesId id = archived(path, attribute);
    boolean vector = archive.vector(id);
    HistoryInfo h = new HistoryInfo();
    h.type = vector ? ValueType.DOUBLE_ARRAY : ValueType.DOUBLE;
    h.units = units(spec);
    try {
      if (r.continuation != null) {
        if (r.buckets != null) {
          throw fault(FaultCode.INVALID_VALUE, path, "a continuation goes on a raw answer");
        }
        RawPage page = archive.resume(r.continuation, id, limit(r, encoding, path));
        raw(h, page, encoding, packed, vector);
        return answer(h);
      }
      Instant to = r.to == null ? clock.instant() : r.to;
      Instant from = r.from == null ? to.minus(DEFAULT_RANGE) : r.from;
      if (from.isAfter(to)) {
        throw fault(FaultCode.OUT_OF_RANGE, path, "from is after to");
      }
      h.from = from;
      h.to = to;
      long a = micros(from);
      long b = micros(to);
      if (r.buckets != null) {
        if (r.buckets < 1 || r.buckets > MAX_BUCKETS) {
          throw fault(FaultCode.OUT_OF_RANGE, path, "buckets must be 1 to " + MAX_BUCKETS);
        }
        if (vector) {
          throw fault(
              FaultCode.WRONG_TYPE,
              path,
              attribute + " is a vector: ask for its raw history or getHistoryValue");
        }
        Processed p = archive.processed(id, a, b, r.buckets);
        h.bucket = new ArrayList<>(p.buckets().size());
        for (Bucket k : p.buckets()) {
          h.bucket.add(bucket(k));
        }
        h.gap = gaps(p.gaps());
      } else {
        raw(h, archive.raw(id, a, b, limit(r, encoding, path)), encoding, packed, vector);
      }
      return answer(h);
    } catch (IllegalArgumentException e) {
      throw fault(FaultCode.INVALID_VALUE, path, "not a continuation token of this attribute");
    } catch (IOException e) {
      throw fault(FaultCode.INTERNAL_ERROR, path, "the archive could not be read");
    }
  }

  GetHistoryValueResponse getHistoryValue(GetHistoryValue r) throws InstrumentElementFault {
    String path = ElementView.required(r == null ? null : r.im, "im");
    String attribute = ElementView.required(r.attribute, "attribute");
    if (r.time == null) {
      throw fault(FaultCode.MISSING_ARGUMENT, path, "time is required");
    }
    AttributeSpec spec = attribute(path, attribute);
    SeriesId id = archived(path, attribute);
    Optional<Sample> found;
    try {
      found = archive.at(id, micros(r.time));
    } catch (IOException e) {
      throw fault(FaultCode.INTERNAL_ERROR, path, "the archive could not be read");
    }
    if (found.isEmpty()) {
      throw fault(
          FaultCode.OUT_OF_RANGE,
          path,
          "nothing of " + attribute + " is archived before that time");
    }
    Sample s = found.get();
    Value v = new Value();
    v.timestamp = instant(s.timeMicros());
    v.quality = quality(s.quality());
    v.provenance = s.provenance();
    v.units = units(spec);
    if (s.isVector()) {
      v.type = ValueType.DOUBLE_ARRAY;
      v.length = s.vectorLength();
      ScaledCodes codes = r.encoding == VectorEncoding.CODES ? s.codes() : null;
      if (codes != null) { // as getAttribute answers CODES: the codes as archived
        v.data = codes.littleEndianBytes();
        v.codes = ValueMapping.codesType(codes);
        v.scale = codes.scale();
        v.offset = codes.offset();
        v.nanCode = codes.nanCode();
        v.clipLowCode = codes.clipLowCode();
        v.clipHighCode = codes.clipHighCode();
      } else if (r.encoding == VectorEncoding.BINARY || r.encoding == VectorEncoding.CODES) {
        v.data = ValueCodec.encodeDoubles(s.vector());
      } else {
        v.doubles = new org.instrumentelement.ie.soap.types.DoubleList(s.vector());
      }
    } else if (spec.spec().type() == org.instrumentelement.im.model.ValueType.INTEGER) {
      v.type = ValueType.INTEGER; // as getAttribute answers it
      v.integerValue = Math.round(s.value());
    } else {
      v.type = ValueType.DOUBLE;
      v.doubleValue = s.value();
    }
    GetHistoryValueResponse out = new GetHistoryValueResponse();
    out.value = v;
    out.sequence = s.sequence();
    return out;
  }

  private static String units(AttributeSpec spec) {
    String u = spec.spec().units();
    return u == null || u.isEmpty() ? null : u;
  }

  /**
   * The attribute named, or for a statistic of a vector ({@code waveform.max}, docs/history.md) the
   * vector's: its units are the statistic's.
   */
  private AttributeSpec attribute(String path, String attribute) throws InstrumentElementFault {
    ImNode node = view.node(path);
    try {
      return node.im().model().attribute(attribute);
    } catch (ImException e) {
      Statistic statistic = Statistic.inName(attribute);
      if (statistic != null) {
        try {
          AttributeSpec vector = node.im().model().attribute(Statistic.attributeIn(attribute));
          if (statistic.appliesTo(vector.spec().type())) {
            return vector;
          }
        } catch (ImException notAVector) {
          // no such vector: the name is unknown, as said below
        }
      }
      throw view.fault(e, path, attribute);
    }
  }

  private SeriesId archived(String path, String attribute) throws InstrumentElementFault {
    SeriesId id = new SeriesId(path, attribute);
    if (archive == null || !archive.archived(id)) {
      throw fault(
          FaultCode.NOT_ARCHIVED,
          path,
          attribute + " has no history: it was never archived (docs/history.md says which are)");
    }
    return id;
  }

  /**
   * The samples one raw answer holds: {@code limit}, at most {@code history.rawLimit}; in XML at
   * most {@value #XML_PAGE} besides, since SOAP toolkits refuse an element of very many children by
   * default (CXF's reader stops at 50,000). The continuation token goes on either way.
   */
  private int limit(GetHistory r, VectorEncoding encoding, String path)
      throws InstrumentElementFault {
    int most = encoding == VectorEncoding.BINARY ? rawLimit : Math.min(rawLimit, XML_PAGE);
    if (r.limit == null) {
      return most;
    }
    if (r.limit < 1 || r.limit > rawLimit) {
      throw fault(FaultCode.OUT_OF_RANGE, path, "a raw answer holds 1 to " + rawLimit + " samples");
    }
    return Math.min(r.limit, most);
  }

  private void raw(
      HistoryInfo h, RawPage page, VectorEncoding encoding, boolean packed, boolean vector) {
    int n = page.size();
    h.count = n;
    h.continuation = page.continuation();
    h.gap = gaps(page.gaps());
    if (encoding == VectorEncoding.BINARY) {
      if (packed) {
        h.packedTimes = PackedColumns.packTimes(page.times(), n);
        h.sequenceRuns = PackedColumns.packSequenceRuns(page.sequences(), n);
        h.qualityRuns = PackedColumns.packQualityRuns(page.qualities(), n);
        h.provenanceRuns = PackedColumns.packProvenanceRuns(page.provenances(), n);
      } else {
        h.times = littleEndian(page.times(), n);
        h.sequences = littleEndian(page.sequences(), n);
        h.provenances = littleEndian(page.provenances(), n);
        h.qualities = java.util.Arrays.copyOf(page.qualities(), n);
      }
      if (!vector) {
        ByteBuffer v = ByteBuffer.allocate(8 * n).order(ByteOrder.LITTLE_ENDIAN);
        v.asDoubleBuffer().put(page.values(), 0, n);
        h.values = v.array();
      }
      return;
    }
    h.sample = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      HistorySample e = new HistorySample();
      e.time = instant(page.times()[i]);
      e.quality = quality(page.qualities()[i]);
      e.sequence = page.sequences()[i];
      e.provenance = page.provenances()[i];
      e.value = vector ? null : page.values()[i];
      h.sample.add(e);
    }
  }

  /** The first {@code n} longs as little-endian int64. */
  private static byte[] littleEndian(long[] values, int n) {
    ByteBuffer b = ByteBuffer.allocate(8 * n).order(ByteOrder.LITTLE_ENDIAN);
    b.asLongBuffer().put(values, 0, n);
    return b.array();
  }

  private static HistoryBucket bucket(Bucket k) {
    HistoryBucket b = new HistoryBucket();
    b.from = instant(k.fromMicros());
    b.to = instant(k.toMicros());
    b.count = k.count();
    if (k.count() > 0) {
      b.min = k.min();
      b.max = k.max();
      b.mean = k.mean();
      b.first = k.first();
      b.last = k.last();
      b.worstQuality = quality(k.worstQuality());
    }
    b.gap = k.gap() ? Boolean.TRUE : null;
    return b;
  }

  private static List<HistoryGap> gaps(List<Gap> gaps) {
    List<HistoryGap> out = new ArrayList<>(gaps.size());
    for (Gap g : gaps) {
      HistoryGap e = new HistoryGap();
      e.from = instant(g.fromMicros());
      e.to = g.open() ? null : instant(g.toMicros());
      e.reason = g.reason().name();
      out.add(e);
    }
    return out;
  }

  private static GetHistoryResponse answer(HistoryInfo h) {
    GetHistoryResponse r = new GetHistoryResponse();
    r.history = h;
    return r;
  }

  private InstrumentElementFault fault(FaultCode code, String im, String message) {
    return view.fault(new ImException(code, message), im, null);
  }

  /** A quality code of the archive: the IM model's quality, in its order (0 GOOD ... 4 BAD). */
  static Quality quality(int code) {
    org.instrumentelement.im.model.Quality[] all = org.instrumentelement.im.model.Quality.values();
    return Quality.valueOf(all[Math.max(0, Math.min(all.length - 1, code))].name());
  }

  static long micros(Instant t) {
    return Math.addExact(Math.multiplyExact(t.getEpochSecond(), 1_000_000L), t.getNano() / 1000);
  }

  static Instant instant(long micros) {
    return Instant.ofEpochSecond(
        Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1000);
  }
}
