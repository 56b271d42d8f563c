package org.instrumentelement.ie.client;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.xml.datatype.DatatypeConfigurationException;
import javax.xml.datatype.DatatypeFactory;
import javax.xml.datatype.XMLGregorianCalendar;
import org.instrumentelement.ie.client.soap.GetHistory;
import org.instrumentelement.ie.client.soap.HistoryInfo;
import org.instrumentelement.ie.client.soap.InstrumentElementFault;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.VectorEncoding;
import org.instrumentelement.ie.contract.PackedColumns;

/**
 * Reads every archived sample of an attribute in a time range with {@code getHistory}, in packed
 * BINARY columns, following the continuation tokens until the range is done.
 *
 * <p>A long range can be read in several time slices at once, one per port given: the range is cut
 * into that many spans of equal length, each paged on its port in a thread of its own, and the
 * columns joined in time order. The IE answers the next page of one slice while the client decodes
 * the page of another, so on a machine with cores to spare a day reads in less time than page after
 * page; the samples are the same, in the same order (a span ends a microsecond before the next
 * begins, and the IE answers a range with both ends included).
 *
 * <pre>{@code
 * List<InstrumentElementPort> ports = List.of(
 *     InstrumentElementClient.connect(url, options), InstrumentElementClient.connect(url, options));
 * RawHistory.Columns c = RawHistory.read(ports, "lab/scope", "peakToPeak",
 *     Instant.now().minus(Duration.ofDays(1)), Instant.now(), 100_000);
 * }</pre>
 */
public final class RawHistory {
  private RawHistory() {}

  /**
   * The samples, one row per index: {@code times} in microseconds since the Unix epoch, {@code
   * values} float64 (empty for a vector attribute, whose raw history lists times and sequences
   * only), {@code qualities} 0 GOOD, 1 WARNING, 2 ALARM, 3 UNCERTAIN, 4 BAD, {@code sequences} the
   * topic's sequence numbers, {@code provenances} the IM's provenance revisions.
   */
  public record Columns(
      long[] times, double[] values, byte[] qualities, long[] sequences, long[] provenances) {
    /** The number of samples. */
    public int size() {
      return times.length;
    }
  }

  /**
   * Every sample of {@code im}'s {@code attribute} from {@code from} to {@code to} (both included),
   * read in as many spans at once as {@code ports} holds, each on one of them, at most {@code
   * limit} samples per answer. Ports keep their connections: give the same ones to the next read,
   * and use a port in one read at a time.
   *
   * @throws InstrumentElementFault the IE's fault for the first span that was refused (an unknown
   *     or never archived attribute, a reversed range, a limit over the IE's own, a caller who may
   *     not observe the IM)
   * @throws IllegalArgumentException if no port is given, {@code limit} is under 1, or the range is
   *     reversed
   * @throws IllegalStateException if an answer does not hold the samples it counts
   */
  public static Columns read(
      List<InstrumentElementPort> ports,
      String im,
      String attribute,
      Instant from,
      Instant to,
      int limit)
      throws InstrumentElementFault, InterruptedException {
    if (ports.isEmpty() || limit < 1) {
      throw new IllegalArgumentException("a port and a limit of at least 1 are needed");
    }
    long a = micros(from);
    long b = micros(to);
    if (b < a) {
      throw new IllegalArgumentException("the range ends before it begins");
    }
    int n = (int) Math.max(1, Math.min(ports.size(), b - a + 1));
    if (n == 1) {
      return slice(ports.get(0), im, attribute, a, b, limit);
    }
    ExecutorService pool =
        Executors.newFixedThreadPool(
            n,
            r -> {
              Thread t = new Thread(r, "ie-history-slice");
              t.setDaemon(true);
              return t;
            });
    try {
      List<Future<Columns>> parts = new ArrayList<>(n);
      long width = (b - a + 1) / n;
      for (int i = 0; i < n; i++) {
        long start = a + i * width;
        long end = i == n - 1 ? b : start + width - 1;
        InstrumentElementPort port = ports.get(i);
        parts.add(pool.submit(() -> slice(port, im, attribute, start, end, limit)));
      }
      List<Columns> got = new ArrayList<>(n);
      for (Future<Columns> f : parts) {
        got.add(result(f));
      }
      return join(got);
    } finally {
      pool.shutdownNow();
    }
  }

  private static Columns result(Future<Columns> f)
      throws InstrumentElementFault, InterruptedException {
    try {
      return f.get();
    } catch (ExecutionException e) {
      Throwable c = e.getCause();
      if (c instanceof InstrumentElementFault fault) {
        throw fault;
      }
      if (c instanceof RuntimeException r) {
        throw r;
      }
      throw new IllegalStateException(c.getMessage(), c);
    }
  }

  /** One span, page after page. */
  private static Columns slice(
      InstrumentElementPort port, String im, String attribute, long from, long to, int limit)
      throws InstrumentElementFault {
    List<Columns> pages = new ArrayList<>();
    GetHistory r = new GetHistory();
    r.setFrom(xml(from));
    r.setTo(xml(to));
    while (true) {
      r.setIm(im);
      r.setAttribute(attribute);
      r.setLimit(limit);
      r.setEncoding(VectorEncoding.BINARY);
      r.setPacked(Boolean.TRUE);
      HistoryInfo h = port.getHistory(r).getHistory();
      pages.add(page(h));
      if (h.getContinuation() == null) {
        return join(pages);
      }
      r = new GetHistory();
      r.setContinuation(h.getContinuation());
    }
  }

  private static Columns page(HistoryInfo h) {
    int n = h.getCount() == null ? 0 : h.getCount();
    if (n == 0) {
      return new Columns(new long[0], new double[0], new byte[0], new long[0], new long[0]);
    }
    if (h.getPackedTimes() == null) {
      throw new IllegalStateException("an answer of " + n + " samples without packed columns");
    }
    double[] values = new double[0];
    byte[] v = h.getValues();
    if (v != null) {
      if (v.length != 8 * n) {
        throw new IllegalStateException(v.length + " bytes of values for " + n + " samples");
      }
      values = new double[n];
      ByteBuffer.wrap(v).order(ByteOrder.LITTLE_ENDIAN).asDoubleBuffer().get(values);
    }
    return new Columns(
        PackedColumns.unpackTimes(h.getPackedTimes(), n),
        values,
        PackedColumns.unpackQualityRuns(h.getQualityRuns(), n),
        PackedColumns.unpackSequenceRuns(h.getSequenceRuns(), n),
        PackedColumns.unpackProvenanceRuns(h.getProvenanceRuns(), n));
  }

  /** The columns of consecutive parts, one after the other. */
  private static Columns join(List<Columns> parts) {
    if (parts.size() == 1) {
      return parts.get(0);
    }
    int n = 0;
    int withValues = 0;
    for (Columns c : parts) {
      n += c.size();
      withValues += c.values().length;
    }
    long[] times = new long[n];
    double[] values = new double[withValues];
    byte[] qualities = new byte[n];
    long[] sequences = new long[n];
    long[] provenances = new long[n];
    int at = 0;
    int vat = 0;
    for (Columns c : parts) {
      int k = c.size();
      System.arraycopy(c.times(), 0, times, at, k);
      System.arraycopy(c.qualities(), 0, qualities, at, k);
      System.arraycopy(c.sequences(), 0, sequences, at, k);
      System.arraycopy(c.provenances(), 0, provenances, at, k);
      System.arraycopy(c.values(), 0, values, vat, c.values().length);
      at += k;
      vat += c.values().length;
    }
    return new Columns(times, values, qualities, sequences, provenances);
  }

  private static long micros(Instant t) {
    return ChronoUnit.MICROS.between(Instant.EPOCH, t);
  }

  private static XMLGregorianCalendar xml(long micros) {
    Instant t = Instant.EPOCH.plus(micros, ChronoUnit.MICROS);
    try {
      return DatatypeFactory.newInstance().newXMLGregorianCalendar(t.toString());
    } catch (DatatypeConfigurationException e) {
      throw new IllegalStateException("no XML date-time factory", e);
    }
  }
}
