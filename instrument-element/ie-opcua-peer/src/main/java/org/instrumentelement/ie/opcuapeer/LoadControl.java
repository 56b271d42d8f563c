package org.instrumentelement.ie.opcuapeer;

import java.util.Locale;

/**
 * The load client's commands, one a line, each answered with one line; one load runs at a time.
 *
 * <pre>
 * poll LENGTH CLIENTS                       ok polling
 * subscribe LENGTH CLIENTS PUBLISHING_MS QUEUE
 *                                           ok subscribed publishingMillis=10.0 queue=10
 * counts       counts events=E errors=E delivered=D lost=L late=L duplicates=D [lastError=TEXT]
 * latency      latency samples=N p50Micros=P p99Micros=P   (since the last latency; -1: none)
 * stop         ok stopped
 * quit         ok quit
 * </pre>
 *
 * A command that fails or is not understood is answered {@code error MESSAGE}. The counts are those
 * of the running load since it started (zeros without one).
 */
final class LoadControl implements AutoCloseable {
  /** Starts loads: the load client's open sessions to the peer. */
  interface Loads {
    Load poll(int length, int clients) throws Exception;

    Load subscribe(int length, int clients, double publishingMillis, int queue) throws Exception;
  }

  private final Loads loads;
  private Load running;
  private boolean quit;

  LoadControl(Loads loads) {
    this.loads = loads;
  }

  /** Whether {@code quit} was asked for. */
  boolean quit() {
    return quit;
  }

  /** Carries out one command line and returns its answer. */
  String answer(String line) {
    String[] w = line.trim().split("\\s+");
    try {
      switch (w[0]) {
        case "poll":
          expect(w, 3);
          stopLoad();
          running = loads.poll(number(w[1]), number(w[2]));
          return "ok " + running.started();
        case "subscribe":
          expect(w, 5);
          stopLoad();
          running =
              loads.subscribe(number(w[1]), number(w[2]), Double.parseDouble(w[3]), number(w[4]));
          return "ok " + running.started();
        case "counts":
          return counts(running == null ? null : running.counts());
        case "latency":
          LatencyRecorder.Percentiles p =
              running == null
                  ? new LatencyRecorder.Percentiles(0, -1, -1)
                  : running.takeLatencies();
          return "latency samples="
              + p.samples()
              + " p50Micros="
              + p.p50Micros()
              + " p99Micros="
              + p.p99Micros();
        case "stop":
          stopLoad();
          return "ok stopped";
        case "quit":
          stopLoad();
          quit = true;
          return "ok quit";
        default:
          return "error unknown command '" + w[0] + "'";
      }
    } catch (Exception e) {
      return "error " + String.valueOf(e.getMessage()).replace('\n', ' ');
    }
  }

  static String counts(LoadCounts c) {
    if (c == null) {
      c = new LoadCounts(0, 0, SequenceAccount.NONE, null);
    }
    SequenceAccount.Counts s = c.sequence();
    return String.format(
            Locale.ROOT,
            "counts events=%d errors=%d delivered=%d lost=%d late=%d duplicates=%d",
            c.events(),
            c.errors(),
            s.delivered(),
            s.lost(),
            s.late(),
            s.duplicates())
        + (c.lastError() == null ? "" : " lastError=" + c.lastError().replace('\n', ' '));
  }

  private static void expect(String[] words, int count) {
    if (words.length != count) {
      throw new IllegalArgumentException(
          words[0] + " takes " + (count - 1) + " arguments, not " + (words.length - 1));
    }
  }

  private static int number(String s) {
    int n = Integer.parseInt(s);
    if (n < 1) {
      throw new IllegalArgumentException("a count of at least 1, not " + n);
    }
    return n;
  }

  private void stopLoad() {
    if (running != null) {
      running.close();
      running = null;
    }
  }

  @Override
  public void close() {
    stopLoad();
  }
}
