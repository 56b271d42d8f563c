package org.instrumentelement.ie.history;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The history archive of an Instrument Element (docs/history.md). Samples handed to {@link #append}
 * go to the journal, forced to disk every flush interval, and to their series' open segment; a
 * segment is written as an HDF5 file when it is {@code segmentDuration} old or {@code segmentBytes}
 * large, on a thread of its own, and the journal generations whose samples are all in segments are
 * deleted. Opening replays the journal, so that a kill loses at most one flush interval; the time
 * the IE was away becomes a gap. A full disk stops archiving (its listener is told, the series get
 * a gap) until the journal can be written again.
 *
 * <p>Appending costs a record in memory and a row in the open segment: no instrument read, no I/O
 * on the caller's thread.
 */
public final class HistoryArchive implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(HistoryArchive.class);
  private static final String SERIES_FILE = "series.tsv";
  private static final String STOPPED_FILE = "stopped-at";

  /** Hears when archiving stops (a full disk) and resumes. */
  public interface Listener {
    void stopped(String why);

    void resumed();
  }

  private final Path dir;
  private final HistorySettings settings;
  private final LongSupplier clock;
  private final Listener listener;
  private final Map<SeriesId, SeriesStore> stores = new ConcurrentHashMap<>();
  private final Journal journal;
  private final SegmentCache cache;
  private final ExecutorService writer;
  private final ScheduledExecutorService ticker;
  private final AtomicLong archived = new AtomicLong();
  private final AtomicLong dropped = new AtomicLong();
  private volatile boolean stopped;
  private volatile boolean closed;
  private long generationStarted;
  private long lastRetention;

  private HistoryArchive(
      Path dir, HistorySettings settings, LongSupplier clock, Listener listener, boolean ticking)
      throws IOException {
    this.dir = dir;
    this.settings = settings;
    this.clock = clock;
    this.listener = listener;
    this.cache = new SegmentCache(settings.cacheBytes());
    Files.createDirectories(dir.resolve("series"));
    this.journal = new Journal(dir.resolve("journal"));
    this.writer =
        Executors.newSingleThreadExecutor(
            r -> {
              Thread t = new Thread(r, "ie-history-writer");
              t.setDaemon(true);
              return t;
            });
    this.ticker =
        ticking
            ? Executors.newSingleThreadScheduledExecutor(
                r -> {
                  Thread t = new Thread(r, "ie-history-flush");
                  t.setDaemon(true);
                  return t;
                })
            : null;
  }

  /**
   * Opens the archive in {@code dir} (creating it): loads every series' index, replays the journal
   * and notes the time the IE was away as a gap, then starts flushing every flush interval.
   *
   * @param clockMicros the time now, microseconds since the epoch
   */
  public static HistoryArchive open(
      Path dir, HistorySettings settings, LongSupplier clockMicros, Listener listener)
      throws IOException {
    return open(dir, settings, clockMicros, listener, true);
  }

  /**
   * Opens the archive in {@code dir} for writing samples of the past, such as an import or a
   * benchmark's synthetic history: nothing runs by itself; the caller moves {@code clockMicros}
   * along with the samples and calls {@link #tick()} (which flushes the journal and writes the
   * segments that are due) as often as it wants them flushed.
   */
  public static HistoryArchive openOffline(
      Path dir, HistorySettings settings, LongSupplier clockMicros) throws IOException {
    return open(dir, settings, clockMicros, null, false);
  }

  /** As {@link #open}; with {@code ticking} false, nothing runs until {@link #tick()} is called. */
  static HistoryArchive open(
      Path dir,
      HistorySettings settings,
      LongSupplier clockMicros,
      Listener listener,
      boolean ticking)
      throws IOException {
    HistoryArchive a = new HistoryArchive(dir, settings, clockMicros, listener, ticking);
    a.load();
    if (a.ticker != null) {
      long period = settings.flushInterval().toMillis();
      a.ticker.scheduleWithFixedDelay(a::tickQuietly, period, period, TimeUnit.MILLISECONDS);
    }
    return a;
  }

  private void load() throws IOException {
    long now = clock.getAsLong();
    try (var dirs = Files.list(dir.resolve("series"))) {
      for (Path d : (Iterable<Path>) dirs::iterator) {
        Path f = d.resolve(SERIES_FILE);
        if (!Files.isRegularFile(f)) {
          continue;
        }
        String[] fields = Files.readString(f, StandardCharsets.UTF_8).strip().split("\t");
        if (fields.length != 3) {
          LOG.warn("history: {} does not name its series; skipped", f);
          continue;
        }
        SeriesId id = new SeriesId(fields[0], fields[1]);
        stores.put(id, SeriesStore.load(id, Boolean.parseBoolean(fields[2]), d));
      }
    }
    long[] alive = {Long.MIN_VALUE};
    Path stoppedFile = dir.resolve(STOPPED_FILE);
    if (Files.exists(stoppedFile)) {
      try {
        alive[0] = Long.parseLong(Files.readString(stoppedFile).strip());
      } catch (NumberFormatException e) {
        // a damaged mark: the samples tell
      }
      Files.delete(stoppedFile);
    }
    List<Long> replayed = journal.generations();
    journal.replay(
        new Journal.Replay() {
          @Override
          public void sample(long generation, SeriesId series, boolean vector, Sample s) {
            try {
              SeriesStore st = store(series, vector);
              synchronized (st) {
                if (st.inOrder(s)) {
                  if (st.open != null && !st.open.fits(s)) {
                    st.closeOpen(); // written at the first tick, as the ones to write again
                    st.retry = true;
                  }
                  st.add(s, generation, now);
                }
              }
            } catch (IOException e) {
              throw new IllegalStateException(e);
            }
          }

          @Override
          public void gapOpen(SeriesId series, long time, Gap.Reason reason) {}

          @Override
          public void gapClose(SeriesId series, long time) {}

          @Override
          public void alive(long time) {
            alive[0] = Math.max(alive[0], time);
          }
        });
    for (SeriesStore st : stores.values()) {
      alive[0] = Math.max(alive[0], st.lastTime);
    }
    if (alive[0] != Long.MIN_VALUE && alive[0] < now) {
      for (SeriesStore st : stores.values()) {
        synchronized (st) {
          closeGap(st, alive[0]); // a gap left open by the stop ends when the IE went away
          st.gaps.add(new Gap(alive[0], now, Gap.Reason.IE_DOWN));
          st.saveGaps();
        }
      }
    }
    generationStarted = now;
    journal.start();
    if (!replayed.isEmpty()) {
      LOG.info(
          "history: replayed {} journal file(s); {} series, {} segments",
          replayed.size(),
          stores.size(),
          stores.values().stream().mapToInt(s -> s.segments.size()).sum());
    }
  }

  /** The store of {@code id}, created with its directory on first use. */
  private SeriesStore store(SeriesId id, boolean vector) throws IOException {
    SeriesStore st = stores.get(id);
    if (st != null) {
      return st;
    }
    synchronized (stores) {
      st = stores.get(id);
      if (st == null) {
        Path d = dir.resolve("series").resolve(id.directoryName());
        Files.createDirectories(d);
        Files.writeString(
            d.resolve(SERIES_FILE),
            id.im() + "\t" + id.attribute() + "\t" + vector + "\n",
            StandardCharsets.UTF_8);
        st = new SeriesStore(id, vector, d);
        stores.put(id, st);
      }
      return st;
    }
  }

  /**
   * Archives one sample of {@code series}. A sample older than the last one archived of the series
   * (in time, then sequence) is dropped; while archiving is stopped, every one is.
   */
  public void append(SeriesId series, Sample s) {
    if (stopped || closed) {
      dropped.incrementAndGet();
      return;
    }
    boolean vector = s.isVector();
    SeriesStore st;
    try {
      st = store(series, vector);
    } catch (IOException e) {
      dropped.incrementAndGet();
      return;
    }
    if (st.vector != vector) {
      dropped.incrementAndGet();
      return;
    }
    SeriesStore.Writing full = null;
    synchronized (st) {
      if (!st.inOrder(s)) {
        st.outOfOrder++;
        dropped.incrementAndGet();
        return;
      }
      if (st.open != null && !st.open.fits(s)) {
        full = st.closeOpen(); // a segment holds vectors of one length and kind
      }
      journal.sample(series, vector, s);
      st.add(s, journal.generation(), clock.getAsLong());
      if (st.open.bytes() >= settings.segmentBytes()) {
        SeriesStore.Writing w = st.closeOpen();
        submit(st, full);
        full = w;
      }
    }
    submit(st, full);
    archived.incrementAndGet();
  }

  /**
   * Makes {@code series} known before its first sample: it is archived (its history is empty rather
   * than missing) from now on.
   */
  public void declare(SeriesId series, boolean vector) {
    try {
      store(series, vector);
    } catch (IOException e) {
      LOG.warn("history {}: the series could not be kept: {}", series, e.getMessage());
    }
  }

  /** Notes that nothing will be archived of {@code series} from {@code time} on, and why. */
  public void gapOpen(SeriesId series, boolean vector, long time, Gap.Reason reason) {
    try {
      SeriesStore st = store(series, vector);
      synchronized (st) {
        if (st.openGap() != null) {
          return;
        }
        st.gaps.add(new Gap(time, Long.MAX_VALUE, reason));
        st.saveGaps();
      }
    } catch (IOException e) {
      LOG.warn("history {}: the gap could not be kept: {}", series, e.getMessage());
    }
  }

  /** Ends the open gap of {@code series}, if it has one. */
  public void gapClose(SeriesId series, long time) {
    SeriesStore st = stores.get(series);
    if (st == null) {
      return;
    }
    synchronized (st) {
      if (closeGap(st, time)) {
        try {
          st.saveGaps();
        } catch (IOException e) {
          LOG.warn("history {}: the gap could not be kept: {}", series, e.getMessage());
        }
      }
    }
  }

  private static boolean closeGap(SeriesStore st, long time) {
    for (int i = 0; i < st.gaps.size(); i++) {
      Gap g = st.gaps.get(i);
      if (g.open()) {
        st.gaps.set(i, new Gap(g.fromMicros(), Math.max(g.fromMicros(), time), g.reason()));
        return true;
      }
    }
    return false;
  }

  private void submit(SeriesStore st, SeriesStore.Writing w) {
    if (w != null) {
      writer.execute(() -> write(st, w));
    }
  }

  private void write(SeriesStore st, SeriesStore.Writing w) {
    Columns c = w.columns();
    Path file = st.dir.resolve("s-" + c.time(0) + "-" + Math.max(0, c.sequence(0)) + ".h5");
    try {
      SegmentEntry e = SegmentCodec.write(file, st.id, c);
      synchronized (st) {
        st.segments.add(e);
        st.segments.sort(Comparator.comparingLong(SegmentEntry::firstTime));
        st.writing.remove(w);
        st.saveIndex();
      }
      cache.put(file, c);
    } catch (IOException e) {
      // The samples stay in memory and in the journal; the next tick tries again.
      LOG.warn("history {}: a segment could not be written: {}", st.id, e.getMessage());
      synchronized (st) {
        st.retry = true;
      }
    }
  }

  private void tickQuietly() {
    try {
      tick();
    } catch (RuntimeException e) {
      LOG.error("history: the flush failed", e);
    }
  }

  /**
   * Flushes the journal, writes segments that are old enough, starts a new journal generation when
   * its time has come, deletes the generations no longer needed and applies retention. The archive
   * does it every flush interval by itself unless opened {@linkplain #openOffline offline}.
   */
  public void tick() {
    long now = clock.getAsLong();
    try {
      journal.flush(now);
      if (stopped) {
        resume(now);
      }
    } catch (IOException e) {
      stop(now, e);
      return;
    }
    long oldest = Long.MAX_VALUE;
    for (SeriesStore st : stores.values()) {
      SeriesStore.Writing w = null;
      List<SeriesStore.Writing> again = List.of();
      synchronized (st) {
        if (st.open != null
            && now - st.openedAtMicros >= settings.segmentDuration().toNanos() / 1000) {
          w = st.closeOpen();
        }
        if (st.retry) {
          st.retry = false;
          again = new ArrayList<>(st.writing);
          again.remove(w);
        }
        oldest = Math.min(oldest, st.oldestGeneration());
      }
      submit(st, w);
      for (SeriesStore.Writing r : again) {
        submit(st, r);
      }
    }
    try {
      if (now - generationStarted >= settings.generationPeriod().toNanos() / 1000) {
        journal.rotate(journal.generation() + 1);
        generationStarted = now;
      }
      journal.deleteBefore(Math.min(oldest, journal.generation()));
    } catch (IOException e) {
      LOG.warn("history: the journal could not be rotated: {}", e.getMessage());
    }
    if (now - lastRetention >= 60_000_000L) {
      lastRetention = now;
      retain(now);
    }
  }

  private void stop(long now, IOException e) {
    if (stopped) {
      return;
    }
    stopped = true;
    LOG.error("history: archiving stopped, the journal cannot be written: {}", e.getMessage());
    for (SeriesStore st : stores.values()) {
      gapOpen(st.id, st.vector, now, Gap.Reason.ARCHIVE_STOPPED);
    }
    if (listener != null) {
      listener.stopped("the history journal cannot be written: " + e.getMessage());
    }
  }

  private void resume(long now) {
    stopped = false;
    LOG.info("history: archiving resumed");
    for (SeriesStore st : stores.values()) {
      gapClose(st.id, now);
    }
    if (listener != null) {
      listener.resumed();
    }
  }

  /** Whether archiving is stopped (the disk was full at the last flush). */
  public boolean stopped() {
    return stopped;
  }

  /** Removes segments older than the maximum age, then the oldest while over the maximum bytes. */
  void retain(long now) {
    long cutoff = now - settings.maxAge().toNanos() / 1000;
    long total = 0;
    for (SeriesStore st : stores.values()) {
      synchronized (st) {
        while (!st.segments.isEmpty() && st.segments.get(0).lastTime() < cutoff) {
          remove(st, st.segments.get(0), "older than " + settings.maxAge());
        }
        st.gaps.removeIf(g -> !g.open() && g.toMicros() < cutoff);
        total += st.bytes();
      }
    }
    while (total > settings.maxBytes()) {
      SeriesStore oldest = null;
      for (SeriesStore st : stores.values()) {
        synchronized (st) {
          if (!st.segments.isEmpty()
              && (oldest == null || st.segments.get(0).lastTime() < firstLastTime(oldest))) {
            oldest = st;
          }
        }
      }
      if (oldest == null) {
        break;
      }
      synchronized (oldest) {
        if (oldest.segments.isEmpty()) {
          continue;
        }
        SegmentEntry e = oldest.segments.get(0);
        total -= e.bytes();
        remove(oldest, e, "the archive is over " + settings.maxBytes() + " bytes");
      }
    }
  }

  private static long firstLastTime(SeriesStore st) {
    synchronized (st) {
      return st.segments.isEmpty() ? Long.MAX_VALUE : st.segments.get(0).lastTime();
    }
  }

  private void remove(SeriesStore st, SegmentEntry e, String why) {
    st.segments.remove(e);
    Path file = st.dir.resolve(e.file());
    cache.remove(file);
    try {
      Files.deleteIfExists(file);
      st.saveIndex();
      LOG.info("history {}: removed segment {} ({} samples): {}", st.id, e.file(), e.rows(), why);
    } catch (IOException ex) {
      LOG.warn("history {}: segment {} could not be removed: {}", st.id, e.file(), ex.getMessage());
    }
  }

  // ---- queries ----------------------------------------------------------------------------

  /** The series the archive holds, and whether each is of vectors. */
  public Map<SeriesId, Boolean> series() {
    Map<SeriesId, Boolean> out =
        new java.util.TreeMap<>(
            Comparator.comparing(SeriesId::im).thenComparing(SeriesId::attribute));
    stores.forEach((id, st) -> out.put(id, st.vector));
    return out;
  }

  /** Whether {@code series} has ever been archived. */
  public boolean archived(SeriesId series) {
    return stores.containsKey(series);
  }

  /** Whether {@code series} is of vectors. */
  public boolean vector(SeriesId series) {
    SeriesStore st = stores.get(series);
    return st != null && st.vector;
  }

  /**
   * The samples of {@code series} in {@code [from, to]}, at most {@code limit} (and at most the
   * configured raw limit), in (time, sequence) order, with a continuation token when more remain.
   */
  public RawPage raw(SeriesId series, long from, long to, int limit) throws IOException {
    return raw(series, from, to, Long.MIN_VALUE, Long.MIN_VALUE, limit);
  }

  /** The next page of a raw query, after the sample its token names. */
  public RawPage resume(String token, SeriesId series, int limit) throws IOException {
    ContinuationToken t = ContinuationToken.decode(token);
    if (!t.series().equals(series)) {
      throw new IllegalArgumentException("the token is for another series");
    }
    return raw(series, t.from(), t.to(), t.lastTime(), t.lastSequence(), limit);
  }

  private RawPage raw(
      SeriesId series, long from, long to, long afterTime, long afterSequence, int limit)
      throws IOException {
    SeriesStore st = require(series);
    int max = Math.max(1, Math.min(limit, settings.rawLimit()));
    List<Columns> sources = sources(st, from, to);
    // The rows of each source in the range (after the token's sample), up to one more than max.
    int[] start = new int[sources.size()];
    int[] stop = new int[sources.size()];
    int total = 0;
    for (int k = 0; k < sources.size() && total <= max; k++) {
      Columns c = sources.get(k);
      int a =
          afterTime == Long.MIN_VALUE
              ? c.firstAtOrAfter(from)
              : Math.max(c.firstAtOrAfter(from), c.firstAfter(afterTime, afterSequence));
      int b = to == Long.MAX_VALUE ? c.size() : c.firstAtOrAfter(to + 1);
      start[k] = a;
      stop[k] = Math.max(a, b);
      total += stop[k] - a;
    }
    boolean more = total > max;
    int n = Math.min(total, max);
    Columns.PageColumns page = new Columns.PageColumns(st.vector, n);
    int at = 0;
    for (int k = 0; k < sources.size() && at < n; k++) {
      int take = Math.min(stop[k] - start[k], n - at);
      if (take > 0) {
        sources.get(k).copyTo(start[k], take, page, at);
        at += take;
      }
    }
    String token = null;
    if (more) {
      token =
          new ContinuationToken(series, from, to, page.times[n - 1], page.sequences[n - 1])
              .encode();
    }
    return new RawPage(
        n,
        page.times,
        page.sequences,
        page.qualities,
        page.provenances,
        page.values,
        page.vectors,
        gaps(st, from, to),
        token);
  }

  /**
   * {@code [from, to]} cut into {@code buckets} buckets of equal length, each with the statistics
   * of the samples in it (scalars only).
   */
  public Processed processed(SeriesId series, long from, long to, int buckets) throws IOException {
    SeriesStore st = require(series);
    if (st.vector) {
      throw new IllegalArgumentException("processed queries are for scalar series");
    }
    int n = Math.max(1, buckets);
    double width = (double) (to - from + 1) / n;
    long[] count = new long[n];
    double[] min = new double[n];
    double[] max = new double[n];
    double[] sum = new double[n];
    double[] first = new double[n];
    double[] last = new double[n];
    int[] worst = new int[n];
    java.util.Arrays.fill(worst, -1);
    for (Columns c : sources(st, from, to)) {
      int i = c.firstAtOrAfter(from);
      int stop = to == Long.MAX_VALUE ? c.size() : c.firstAtOrAfter(to + 1);
      // Whole blocks inside one bucket at once (their summaries), the rest row by row.
      Columns.Blocks blocks = stop - i >= 2 * Columns.BLOCK ? c.blocks() : null;
      while (i < stop) {
        int b = (int) Math.min(n - 1, (long) ((c.time(i) - from) / width));
        if (blocks != null && i % Columns.BLOCK == 0 && i + Columns.BLOCK <= stop) {
          int j = i + Columns.BLOCK - 1;
          if ((int) Math.min(n - 1, (long) ((c.time(j) - from) / width)) == b) {
            int k = i / Columns.BLOCK;
            if (count[b] == 0) {
              min[b] = blocks.min()[k];
              max[b] = blocks.max()[k];
              first[b] = c.value(i);
            } else {
              min[b] = Math.min(min[b], blocks.min()[k]);
              max[b] = Math.max(max[b], blocks.max()[k]);
            }
            sum[b] += blocks.sum()[k];
            last[b] = c.value(j);
            count[b] += Columns.BLOCK;
            worst[b] = Math.max(worst[b], blocks.worst()[k]);
            i += Columns.BLOCK;
            continue;
          }
        }
        double v = c.value(i);
        if (count[b] == 0) {
          min[b] = v;
          max[b] = v;
          first[b] = v;
        } else {
          min[b] = Math.min(min[b], v);
          max[b] = Math.max(max[b], v);
        }
        sum[b] += v;
        last[b] = v;
        count[b]++;
        worst[b] = Math.max(worst[b], c.quality(i));
        i++;
      }
    }
    List<Gap> gaps = gaps(st, from, to);
    List<Bucket> out = new ArrayList<>(n);
    for (int b = 0; b < n; b++) {
      long start = from + (long) Math.ceil(b * width);
      long end = b == n - 1 ? to : from + (long) Math.ceil((b + 1) * width) - 1;
      boolean gap = false;
      for (Gap g : gaps) {
        gap |= g.overlaps(start, end);
      }
      out.add(
          count[b] == 0
              ? new Bucket(
                  start,
                  end,
                  0,
                  Double.NaN,
                  Double.NaN,
                  Double.NaN,
                  Double.NaN,
                  Double.NaN,
                  -1,
                  gap)
              : new Bucket(
                  start,
                  end,
                  count[b],
                  min[b],
                  max[b],
                  sum[b] / count[b],
                  first[b],
                  last[b],
                  worst[b],
                  gap));
    }
    return new Processed(out, gaps);
  }

  /** The last sample of {@code series} at or before {@code time}, if there is one. */
  public Optional<Sample> at(SeriesId series, long time) throws IOException {
    SeriesStore st = require(series);
    List<Columns> all = sources(st, Long.MIN_VALUE, time);
    for (int k = all.size() - 1; k >= 0; k--) {
      Columns c = all.get(k);
      int i = c.lastAtOrBefore(time);
      if (i >= 0) {
        return Optional.of(c.sample(i));
      }
    }
    return Optional.empty();
  }

  private SeriesStore require(SeriesId series) {
    SeriesStore st = stores.get(series);
    if (st == null) {
      throw new java.util.NoSuchElementException(series + " is not archived");
    }
    return st;
  }

  private static List<Gap> gaps(SeriesStore st, long from, long to) {
    synchronized (st) {
      List<Gap> out = new ArrayList<>();
      for (Gap g : st.gaps) {
        if (g.overlaps(from, to)) {
          out.add(g);
        }
      }
      return out;
    }
  }

  /**
   * What holds the samples of {@code [from, to]}, in time order: the written segments (read back or
   * from the cache), those being written, and a copy of what the open segment holds in the range.
   */
  private List<Columns> sources(SeriesStore st, long from, long to) throws IOException {
    List<SegmentEntry> segs = new ArrayList<>();
    List<Columns> memory = new ArrayList<>();
    synchronized (st) {
      for (SegmentEntry e : st.segments) {
        if (e.overlaps(from, to)) {
          segs.add(e);
        }
      }
      for (SeriesStore.Writing w : st.writing) {
        memory.add(w.columns());
      }
      if (st.open != null && st.open.size() > 0) {
        memory.add(slice(st.open, from, to));
      }
    }
    List<Columns> out = new ArrayList<>(segs.size() + memory.size());
    for (SegmentEntry e : segs) {
      Path file = st.dir.resolve(e.file());
      Columns c = cache.get(file);
      if (c == null) {
        try {
          c = SegmentCodec.read(file);
        } catch (IOException | RuntimeException ex) {
          setAside(st, e, ex);
          continue;
        }
        cache.put(file, c);
      }
      out.add(c);
    }
    out.addAll(memory);
    return out;
  }

  /** A copy of the rows of {@code c} in {@code [from, to]} (the open segment keeps growing). */
  private static Columns slice(Columns c, long from, long to) {
    int a = c.firstAtOrAfter(from);
    int b = to == Long.MAX_VALUE ? c.size() : c.firstAtOrAfter(to + 1);
    Columns out = new Columns(c.vector(), b - a);
    for (int i = a; i < b; i++) {
      out.add(c.sample(i));
    }
    return out;
  }

  /** A segment that cannot be read: renamed aside, logged, and a gap where its samples were. */
  private void setAside(SeriesStore st, SegmentEntry e, Exception ex) {
    Path file = st.dir.resolve(e.file());
    LOG.warn(
        "history {}: segment {} cannot be read ({}); set aside as {}.bad, reported as a gap",
        st.id,
        e.file(),
        ex.getMessage(),
        e.file());
    synchronized (st) {
      st.segments.remove(e);
      st.gaps.add(new Gap(e.firstTime(), e.lastTime(), Gap.Reason.DATA_LOST));
      st.gaps.sort(Comparator.comparingLong(Gap::fromMicros));
      try {
        Files.move(
            file, file.resolveSibling(e.file() + ".bad"), StandardCopyOption.REPLACE_EXISTING);
        st.saveIndex();
        st.saveGaps();
      } catch (IOException io) {
        LOG.warn("history {}: could not set {} aside: {}", st.id, e.file(), io.getMessage());
      }
    }
  }

  /** Samples archived, and samples dropped (out of order, or while archiving was stopped). */
  public long archivedCount() {
    return archived.get();
  }

  public long droppedCount() {
    return dropped.get();
  }

  /** Bytes of all written segments. */
  public long bytes() {
    long b = 0;
    for (SeriesStore st : stores.values()) {
      synchronized (st) {
        b += st.bytes();
      }
    }
    return b;
  }

  /** The series names in a stable order (for listings). */
  public Set<String> names() {
    Set<String> out = new TreeSet<>();
    stores.keySet().forEach(id -> out.add(id.toString()));
    return out;
  }

  /**
   * Writes every open segment and the journal, and notes when the IE stopped (the start of the gap
   * the next start will report).
   */
  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    if (ticker != null) {
      ticker.shutdownNow();
    }
    for (SeriesStore st : stores.values()) {
      SeriesStore.Writing w;
      synchronized (st) {
        w = st.closeOpen();
      }
      submit(st, w);
    }
    writer.shutdown();
    try {
      if (!writer.awaitTermination(60, TimeUnit.SECONDS)) {
        LOG.warn("history: segments were still being written at the stop; the journal keeps them");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    long now = clock.getAsLong();
    boolean allWritten = true;
    for (SeriesStore st : stores.values()) {
      synchronized (st) {
        allWritten &= st.writing.isEmpty();
      }
    }
    try {
      journal.flush(now);
      journal.close();
      if (allWritten) {
        journal.deleteBefore(Long.MAX_VALUE);
        Files.deleteIfExists(journalFile(journal.generation()));
      }
    } catch (IOException e) {
      LOG.warn("history: the journal could not be closed: {}", e.getMessage());
    }
    Files.writeString(dir.resolve(STOPPED_FILE), Long.toString(now), StandardCharsets.UTF_8);
  }

  private Path journalFile(long g) {
    return dir.resolve("journal").resolve(String.format("journal-%012d.log", g));
  }
}
