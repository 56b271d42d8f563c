package org.instrumentelement.jmeter.experiment;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;

/**
 * The measured points arranged as the report reads them: by mode (polling encoding or JMS), vector
 * length and client count, with the figures derived across points (mean bytes per vector, traffic
 * and CPU ratios, the paper's K1).
 */
final class PointTable {
  private final List<Point> points;
  private final List<String> pollingEncodings;
  private final List<Integer> lengths;
  private final List<Integer> clients;

  /**
   * @param pollingEncodings the encodings of the polling rows ({@code --encodings})
   */
  PointTable(List<Point> points, List<String> pollingEncodings) {
    this.points = List.copyOf(points);
    this.pollingEncodings = List.copyOf(pollingEncodings);
    this.lengths = List.copyOf(new TreeSet<>(points.stream().map(Point::length).toList()));
    this.clients =
        List.copyOf(
            new TreeSet<>(points.stream().filter(p -> !isProbe(p)).map(Point::clients).toList()));
  }

  /** The short MTOM polling probe: one client count only, so not a column of the tables. */
  static boolean isProbe(Point p) {
    return p.encoding().equals("MTOM");
  }

  List<Point> points() {
    return points;
  }

  List<String> pollingEncodings() {
    return pollingEncodings;
  }

  /** The vector lengths measured, ascending. */
  List<Integer> lengths() {
    return lengths;
  }

  /** The client counts measured (the columns), ascending. */
  List<Integer> clients() {
    return clients;
  }

  Optional<Point> point(String encoding, int length, int clients) {
    return points.stream()
        .filter(
            p -> p.encoding().equals(encoding) && p.length() == length && p.clients() == clients)
        .findFirst();
  }

  /** Whether any point of this mode and length was measured. */
  boolean has(String encoding, int length) {
    return points.stream().anyMatch(p -> p.encoding().equals(encoding) && p.length() == length);
  }

  /** The client counts as chart x values. */
  double[] clientsAxis() {
    return clients.stream().mapToDouble(Integer::doubleValue).toArray();
  }

  /** Mean bytes per delivered vector over all points of a mode, received or sent by clients. */
  double meanBytes(String encoding, int length, boolean received) {
    long bytes = 0;
    long vectors = 0;
    for (Point p : points) {
      if (p.encoding().equals(encoding) && p.length() == length) {
        bytes += received ? p.samples().bytes : p.samples().sentBytes;
        vectors += p.vectors();
      }
    }
    return vectors == 0 ? Double.NaN : bytes / (double) vectors;
  }

  /** The traffic ratio polling XML / JMS, averaged over the client counts. */
  double meanTrafficRatio(int length) {
    double sum = 0;
    int n = 0;
    for (int c : clients) {
      Optional<Point> x = point("XML", length, c);
      Optional<Point> j = point("JMS", length, c);
      if (x.isPresent() && j.isPresent() && j.get().trafficKbPerSecond() > 0) {
        sum += x.get().trafficKbPerSecond() / j.get().trafficKbPerSecond();
        n++;
      }
    }
    return n == 0 ? Double.NaN : sum / n;
  }

  /** Bytes per vector of an encoding over JMS's, per length, as text. */
  String sizeRatios(String encoding) {
    StringBuilder b = new StringBuilder();
    for (int length : lengths) {
      if (b.length() > 0) {
        b.append(" and ");
      }
      b.append(Decimal.of(meanBytes(encoding, length, true) / meanBytes("JMS", length, true), 2))
          .append(String.format(Locale.ROOT, " (%,d doubles)", length));
    }
    return b.toString();
  }

  /**
   * A figure of mode {@code a} over the same figure of mode {@code b} at one length, averaged over
   * the client counts where both were measured and the ratio is finite; NaN where none was.
   */
  double meanRatio(String a, String b, int length, ToDoubleFunction<Point> figure) {
    double sum = 0;
    int n = 0;
    for (int c : clients) {
      Optional<Point> x = point(a, length, c);
      Optional<Point> y = point(b, length, c);
      if (x.isPresent() && y.isPresent()) {
        double r = figure.applyAsDouble(x.get()) / figure.applyAsDouble(y.get());
        if (Double.isFinite(r)) {
          sum += r;
          n++;
        }
      }
    }
    return n == 0 ? Double.NaN : sum / n;
  }

  /** A count summed over the subscription points. */
  long sumOverJms(ToLongFunction<Point> f) {
    return points.stream().filter(Point::jms).mapToLong(f).sum();
  }

  /** The range of the paper's K1 = Rr·Nc for XML polling across the client counts, as text. */
  String k1Range() {
    StringBuilder b = new StringBuilder();
    for (int length : lengths) {
      double min = Double.POSITIVE_INFINITY;
      double max = Double.NEGATIVE_INFINITY;
      for (int c : clients) {
        Optional<Point> p = point("XML", length, c);
        if (p.isPresent()) {
          double k = 1000.0 / p.get().samples().meanElapsed * c;
          min = Math.min(min, k);
          max = Math.max(max, k);
        }
      }
      if (b.length() > 0) {
        b.append(" and ");
      }
      b.append(
          String.format(Locale.ROOT, "%.0f to %.0f vectors/s (%,d doubles)", min, max, length));
    }
    return b.toString();
  }

  /** IE CPU per delivered vector, polling XML over JMS, averaged over the client counts. */
  String cpuRatios() {
    StringBuilder b = new StringBuilder();
    for (int length : lengths) {
      if (b.length() > 0) {
        b.append(", ");
      }
      b.append(Decimal.of(meanRatio("XML", "JMS", length, Point::ieCpuMillisPerVector), 1))
          .append(String.format(Locale.ROOT, " (%,d doubles)", length));
    }
    return b.toString();
  }

  /**
   * The spread of K1 = Rr·Nc for XML polling, (max - min) / mean over every length and client
   * count; NaN without two XML points.
   */
  double k1Spread() {
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    double sum = 0;
    int n = 0;
    for (Point p : points) {
      if (p.encoding().equals("XML") && !isProbe(p) && p.samples().meanElapsed > 0) {
        double k = 1000.0 / p.samples().meanElapsed * p.clients();
        min = Math.min(min, k);
        max = Math.max(max, k);
        sum += k;
        n++;
      }
    }
    return n < 2 ? Double.NaN : (max - min) / (sum / n);
  }

  /**
   * The largest share of the machine's cores that the IE and JMeter used together at a polling
   * point (their CPU time over the point's window); NaN when their CPU time is unknown.
   */
  double busiestPollingCoreShare(int cores) {
    double busiest = Double.NaN;
    for (Point p : points) {
      double window = p.samples().windowSeconds();
      double cpu = p.ieCpuSeconds() + p.jmeterCpuSeconds();
      if (!p.jms() && window > 0 && Double.isFinite(cpu)) {
        double share = cpu / window / cores;
        busiest = Double.isNaN(busiest) ? share : Math.max(busiest, share);
      }
    }
    return busiest;
  }

  /** The most traffic a polling point moved, kB/s. */
  double peakTrafficKbPerSecond() {
    return points.stream()
        .filter(p -> !p.jms())
        .mapToDouble(Point::trafficKbPerSecond)
        .max()
        .orElse(Double.NaN);
  }

  /** Vectors per client per second, polling XML over JMS, averaged where both were measured. */
  double pollingToJmsRatePerClient() {
    double sum = 0;
    int n = 0;
    for (int length : lengths) {
      for (int c : clients) {
        Optional<Point> x = point("XML", length, c);
        Optional<Point> j = point("JMS", length, c);
        if (x.isPresent() && j.isPresent() && j.get().ratePerClient() > 0) {
          sum += x.get().ratePerClient() / j.get().ratePerClient();
          n++;
        }
      }
    }
    return n == 0 ? Double.NaN : sum / n;
  }

  /** The lowest and highest sampling rate (1/period, per second) of the subscription points. */
  double[] jmsSamplingRates() {
    double[] rates =
        points.stream()
            .filter(p -> p.jms() && p.samplingPeriodMillis() > 0)
            .mapToDouble(p -> 1000.0 / p.samplingPeriodMillis())
            .toArray();
    if (rates.length == 0) {
      return rates;
    }
    return new double[] {
      java.util.Arrays.stream(rates).min().getAsDouble(),
      java.util.Arrays.stream(rates).max().getAsDouble()
    };
  }
}
