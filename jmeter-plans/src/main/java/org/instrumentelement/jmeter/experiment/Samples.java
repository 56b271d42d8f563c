package org.instrumentelement.jmeter.experiment;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The measured samples of one JMeter results file (CSV with a header line, JMeter's default
 * format). Samples whose label starts with {@value #WARM_UP} are the plans' warm-up and are left
 * out, but for the values they report missed ({@link #warmUpMissed}).
 */
final class Samples {
  static final String WARM_UP = "warm-up: ";
  private static final Pattern MISSED = Pattern.compile("missed (\\d+)");

  final int count;
  final int errors;
  final Map<String, Integer> errorCodes;
  final long missed;

  /** Values the subscribers missed (sequence gaps) during the warm-up, not counted elsewhere. */
  final long warmUpMissed;

  final long windowStart;
  final long windowEnd;
  final long bytes;
  final long sentBytes;
  final double meanElapsed;
  final double sdElapsed;
  private final long[] sortedElapsed;

  private Samples(List<String[]> rows, Map<String, Integer> columns, long warmUpMissed) {
    this.warmUpMissed = warmUpMissed;
    int ts = columns.get("timeStamp");
    int el = columns.get("elapsed");
    int code = columns.get("responseCode");
    int msg = columns.get("responseMessage");
    int ok = columns.get("success");
    int by = columns.get("bytes");
    int sb = columns.getOrDefault("sentBytes", -1);
    long start = Long.MAX_VALUE;
    long end = Long.MIN_VALUE;
    long b = 0;
    long s = 0;
    long miss = 0;
    int err = 0;
    Map<String, Integer> codes = new TreeMap<>();
    long[] elapsed = new long[rows.size()];
    double sum = 0;
    for (int i = 0; i < rows.size(); i++) {
      String[] r = rows.get(i);
      long t = Long.parseLong(r[ts]);
      long e = Long.parseLong(r[el]);
      start = Math.min(start, t);
      end = Math.max(end, t + e);
      elapsed[i] = e;
      sum += e;
      b += Long.parseLong(r[by]);
      s += sb < 0 ? 0 : Long.parseLong(r[sb]);
      if (!Boolean.parseBoolean(r[ok])) {
        err++;
        codes.merge(r[code], 1, Integer::sum);
      }
      miss += missed(r[msg]);
    }
    this.count = rows.size();
    this.errors = err;
    this.errorCodes = codes;
    this.missed = miss;
    this.windowStart = count == 0 ? 0 : start;
    this.windowEnd = count == 0 ? 0 : end;
    this.bytes = b;
    this.sentBytes = s;
    this.meanElapsed = count == 0 ? Double.NaN : sum / count;
    double sq = 0;
    for (long e : elapsed) {
      sq += (e - meanElapsed) * (e - meanElapsed);
    }
    this.sdElapsed = count < 2 ? 0 : Math.sqrt(sq / (count - 1));
    Arrays.sort(elapsed);
    this.sortedElapsed = elapsed;
  }

  /** Reads the measured samples of a results file and copies them to {@code measuredCopy}. */
  static Samples read(Path results, Path measuredCopy) throws IOException {
    List<String[]> rows = new ArrayList<>();
    Map<String, Integer> columns = new TreeMap<>();
    long warmUpMissed = 0;
    try (BufferedReader in = Files.newBufferedReader(results, StandardCharsets.UTF_8);
        BufferedWriter out =
            measuredCopy == null
                ? null
                : Files.newBufferedWriter(measuredCopy, StandardCharsets.UTF_8)) {
      String header = in.readLine();
      if (header == null) {
        throw new IOException("empty results file " + results);
      }
      String[] names = parseLine(header);
      for (int i = 0; i < names.length; i++) {
        columns.put(names[i], i);
      }
      if (out != null) {
        out.write(header);
        out.newLine();
      }
      int label = columns.get("label");
      int msg = columns.get("responseMessage");
      String line;
      while ((line = in.readLine()) != null) {
        if (line.isEmpty()) {
          continue;
        }
        String[] r = parseLine(line);
        if (r.length < names.length) {
          continue;
        }
        if (r[label].startsWith(WARM_UP)) {
          warmUpMissed += missed(r[msg]);
          continue;
        }
        rows.add(r);
        if (out != null) {
          out.write(line);
          out.newLine();
        }
      }
    }
    return new Samples(rows, columns, warmUpMissed);
  }

  /** The values a subscriber's sample says it missed ("missed N before sequence S"), or 0. */
  private static long missed(String responseMessage) {
    Matcher m = MISSED.matcher(responseMessage);
    return m.find() ? Long.parseLong(m.group(1)) : 0;
  }

  /** Splits one CSV line as JMeter writes it (fields quoted when they hold a comma or quote). */
  static String[] parseLine(String line) {
    List<String> fields = new ArrayList<>();
    StringBuilder f = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quoted) {
        if (c == '"') {
          if (i + 1 < line.length() && line.charAt(i + 1) == '"') {
            f.append('"');
            i++;
          } else {
            quoted = false;
          }
        } else {
          f.append(c);
        }
      } else if (c == '"') {
        quoted = true;
      } else if (c == ',') {
        fields.add(f.toString());
        f.setLength(0);
      } else {
        f.append(c);
      }
    }
    fields.add(f.toString());
    return fields.toArray(new String[0]);
  }

  /** Seconds from the first sample's start to the last sample's end. */
  double windowSeconds() {
    return (windowEnd - windowStart) / 1000.0;
  }

  /** Samples per second over the window. */
  double rate() {
    double w = windowSeconds();
    return w <= 0 ? 0 : count / w;
  }

  /** Bytes per second, both directions, over the window. */
  double trafficBytesPerSecond() {
    double w = windowSeconds();
    return w <= 0 ? 0 : (bytes + sentBytes) / w;
  }

  /** Half-width of the 99 % confidence interval of the mean (normal approximation). */
  double ci99() {
    return count < 2 ? 0 : 2.576 * sdElapsed / Math.sqrt(count);
  }

  /** The p-th percentile (0-100) of the elapsed times. */
  long percentile(double p) {
    if (sortedElapsed.length == 0) {
      return 0;
    }
    int i = (int) Math.ceil(p / 100.0 * sortedElapsed.length) - 1;
    return sortedElapsed[Math.max(0, Math.min(sortedElapsed.length - 1, i))];
  }
}
