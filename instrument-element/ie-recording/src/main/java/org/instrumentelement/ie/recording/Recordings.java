package org.instrumentelement.ie.recording;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.instrumentelement.ie.config.RecordingLimits;
import org.instrumentelement.ie.config.RecordingSeriesConfig;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.ie.element.ImNode;
import org.instrumentelement.ie.element.InstrumentElement;
import org.instrumentelement.ie.security.AuditLog;
import org.instrumentelement.im.InstrumentManager;
import org.instrumentelement.im.ParameterChange;
import org.instrumentelement.im.ParameterListener;
import org.instrumentelement.im.model.ImException;
import org.instrumentelement.im.model.Value;
import org.instrumentelement.im.sampling.Sample;
import org.instrumentelement.im.sampling.SampleSink;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The recordings of an Instrument Element: the directory {@code <data.dir>/recordings} with one
 * directory per recording, the recordings being written, and their quota. Takes every sample handed
 * to the topics ({@link SampleSink}, on the sampler's thread: it only queues) and every parameter
 * change of the IMs ({@link ParameterListener}, for the change logs). At start, a recording the
 * last run did not close is marked {@link RecordingState#INTERRUPTED}, and the temporary file of
 * the segment it was writing is removed.
 */
public final class Recordings implements SampleSink, ParameterListener, AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Recordings.class);

  /** Recording names: what {@link #newId} makes, and all that is accepted from clients. */
  private static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_-]{0,63}");

  /** Free room a new recording needs. */
  static final long MIN_FREE_BYTES = 1024 * 1024;

  private static final DateTimeFormatter ID_TIME =
      DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

  private final Path dir;
  private final RecordingLimits limits;
  private final InstrumentElement ie;
  private final Supplier<String> who;
  private final Clock clock;
  private final DiskBudget budget;
  private final List<ActiveRecording> active = new CopyOnWriteArrayList<>();

  /** Held by samplers handing over a sample, taken whole by a series' rotation. */
  private final ReadWriteLock handover = new ReentrantReadWriteLock();

  private final List<RecordingSeries> series = new CopyOnWriteArrayList<>();
  private ScheduledExecutorService seriesClock;

  /** How often the series are looked at (rotation, their end, deletions). */
  static final Duration SERIES_TICK = Duration.ofMillis(250);

  private Recordings(
      Path dir,
      RecordingLimits limits,
      InstrumentElement ie,
      Supplier<String> who,
      Clock clock,
      long onDisk) {
    this.dir = dir;
    this.limits = limits;
    this.ie = ie;
    this.who = who;
    this.clock = clock;
    this.budget = new DiskBudget(limits.quotaBytes(), onDisk);
  }

  /**
   * Opens the recordings under {@code dataDir} (created when missing), marking those the last run
   * left open as interrupted, and listens to the parameters of every IM of {@code ie}.
   *
   * @param dataDir the IE's {@code data.dir}, or null when it keeps nothing (recording refused)
   * @param who the user of the request being served on the calling thread, or empty
   */
  public static Recordings open(
      Path dataDir, RecordingLimits limits, InstrumentElement ie, Supplier<String> who, Clock clock)
      throws IOException {
    Path dir = dataDir == null ? null : dataDir.resolve(RecordingLimits.DIRECTORY);
    long onDisk = 0;
    if (dir != null) {
      Files.createDirectories(dir);
      for (Path d : recordingDirectories(dir)) {
        onDisk += recover(d);
      }
    }
    Recordings r = new Recordings(dir, limits, ie, who, clock, onDisk);
    for (ImNode n : ie.nodes()) {
      n.im().addParameterListener(r);
    }
    return r;
  }

  /** Tidies one recording's directory after a restart; returns the bytes its segments take. */
  private static long recover(Path d) throws IOException {
    int removed = RecordingIndex.removeTemporaryFiles(d);
    if (!Files.exists(d.resolve(RecordingIndex.INDEX))) {
      LOG.warn("{} has no index: not a recording, left alone", d);
      return 0;
    }
    StoredRecording r = RecordingIndex.read(d);
    if (r.state() == RecordingState.RECORDING) {
      r =
          new StoredRecording(
              r.id(),
              RecordingState.INTERRUPTED,
              r.note(),
              r.startedBy(),
              r.startedAt(),
              null,
              "the Instrument Element ended without closing it; its "
                  + r.segments().size()
                  + " complete segments are kept, the segment being filled was lost",
              r.items(),
              r.samples(),
              r.dropped(),
              r.segments(),
              r.series());
      RecordingIndex.write(d, r);
      LOG.warn(
          "Recording {} was interrupted (the IE ended without closing it): {} complete segments"
              + " kept{}",
          r.id(),
          r.segments().size(),
          removed > 0 ? ", the unfinished one removed" : "");
    }
    return r.bytes();
  }

  private static List<Path> recordingDirectories(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(Files::isDirectory).sorted().toList();
    }
  }

  /** Where the recordings are kept, or null when the IE keeps no data directory. */
  public Path directory() {
    return dir;
  }

  /** The quota of the recordings directory ({@code recording.quota}). */
  public long quotaBytes() {
    return budget.quota();
  }

  /** Bytes the recordings take and hold for writing. */
  public long usedBytes() {
    return budget.used();
  }

  /**
   * Starts a recording. The items must be subscribable attributes of existing IMs (checked by the
   * caller).
   *
   * @throws ImException STORAGE_FULL when there is no directory or no room, TOO_MANY_RECORDINGS
   */
  public StoredRecording start(RecordingRequest request) throws ImException {
    return begin(request).snapshot();
  }

  /** Starts a recording and answers it (for a series, which follows it). */
  synchronized ActiveRecording begin(RecordingRequest request) throws ImException {
    ActiveRecording r = create(request, false);
    active.add(r);
    r.start();
    LOG.info("Recording {} started by {}: {}", r.id(), request.user(), request.items());
    return r;
  }

  /**
   * Starts the next recording of a series in place of {@code current}: every sample handed to the
   * recordings before the handover goes to {@code current}, every one after to the next (samplers
   * are held for the moment of the swap only), so that nothing falls between them. The next
   * recording may exceed {@code recording.maxActive} by this one, as {@code current} ends.
   *
   * @throws ImException STORAGE_FULL when there is no room for it ({@code current} goes on);
   *     RECORDING_IN_PROGRESS when {@code current} was stopped meanwhile (the series ends)
   */
  synchronized ActiveRecording rotate(ActiveRecording current, RecordingRequest next)
      throws ImException {
    if (current.stopReason() != null) {
      throw new ImException(
          FaultCode.RECORDING_IN_PROGRESS,
          "recording " + current.id() + " stopped (" + current.stopReason() + ")");
    }
    ActiveRecording r = create(next, true);
    r.start();
    handover.writeLock().lock();
    try {
      active.add(r);
      current.requestStop("its series went on in recording " + r.id());
    } finally {
      handover.writeLock().unlock();
    }
    LOG.info("Recording {} of series {} follows {}", r.id(), next.series(), current.id());
    return r;
  }

  /** A new recording, its directory and index written, not yet taking samples. */
  private ActiveRecording create(RecordingRequest request, boolean rotating) throws ImException {
    if (dir == null) {
      throw new ImException(
          FaultCode.STORAGE_FULL,
          "this Instrument Element keeps no data directory (data.dir = off), so it cannot record");
    }
    Map<String, ImNode> nodes = new LinkedHashMap<>();
    for (RecordedItem i : request.items()) {
      nodes.put(i.im(), ie.node(i.im()));
    }
    active.removeIf(ActiveRecording::finished);
    if (!rotating && active.size() >= limits.maxActive()) {
      throw new ImException(
          FaultCode.TOO_MANY_RECORDINGS,
          "already "
              + active.size()
              + " recordings are being written, the most at once (recording.maxActive);"
              + " stop one first");
    }
    if (budget.used() + MIN_FREE_BYTES > budget.quota()) {
      throw new ImException(
          FaultCode.STORAGE_FULL,
          "the recordings directory is full: "
              + budget.used()
              + " of its "
              + budget.quota()
              + " bytes are used (recording.quota); delete recordings to make room");
    }
    Instant now = clock.instant();
    Path d;
    String id;
    try {
      id = newId(now, request.series());
      d = Files.createDirectory(dir.resolve(id));
    } catch (IOException e) {
      throw new ImException(
          FaultCode.STORAGE_FULL,
          "the recordings directory cannot be written (" + e.getMessage() + ")");
    }
    Map<String, ImProvenance> ims = new LinkedHashMap<>();
    for (String path : nodes.keySet()) {
      ims.put(path, ImProvenance.of(ie.provenance().record(path, null)));
    }
    Map<RecordedItem, ItemAxis> axes = new LinkedHashMap<>();
    for (RecordedItem i : request.items()) {
      axes.put(i, ItemAxis.of(nodes.get(i.im()), i.attribute()));
    }
    RecordingHeader header =
        new RecordingHeader(id, request.note(), request.user(), now, ie.name(), version(), host());
    ActiveRecording r =
        new ActiveRecording(header, d, request, limits, budget, clock, nodes, ims, axes);
    try {
      RecordingIndex.write(d, r.snapshot());
    } catch (IOException e) {
      throw new ImException(
          FaultCode.STORAGE_FULL,
          "the recordings directory cannot be written (" + e.getMessage() + ")");
    }
    return r;
  }

  /**
   * Starts the always-on recordings of the configuration, each as a new recording (after a restart
   * too), and the clock that rotates them. The items must be subscribable (checked by the caller).
   *
   * @param audit where the series' starts, ends and deletions are audited, or null
   */
  public synchronized void startSeries(List<RecordingSeriesConfig> configured, AuditLog audit) {
    if (configured.isEmpty()) {
      return;
    }
    for (RecordingSeriesConfig c : configured) {
      RecordingSeries s = new RecordingSeries(c, this, clock, audit);
      s.start();
      series.add(s);
    }
    seriesClock =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "ie-recording-series");
              t.setDaemon(true);
              return t;
            });
    seriesClock.scheduleWithFixedDelay(
        () -> series.forEach(RecordingSeries::tick),
        SERIES_TICK.toMillis(),
        SERIES_TICK.toMillis(),
        TimeUnit.MILLISECONDS);
  }

  /**
   * A new name: the UTC time (after the series' name for a recording of a series), and a number
   * when several start in the same second.
   */
  private String newId(Instant now, String seriesName) {
    String base = ID_TIME.format(now);
    if (!seriesName.isEmpty() && ID.matcher(seriesName + "-" + base + "-99").matches()) {
      base = seriesName + "-" + base;
    }
    String id = base;
    for (int n = 2; Files.exists(dir.resolve(id)); n++) {
      id = base + "-" + n;
    }
    return id;
  }

  /**
   * Stops a recording and waits until it has written what it took.
   *
   * @param by who stops it (said in its stop reason)
   * @throws ImException UNKNOWN_RECORDING
   */
  public StoredRecording stop(String id, String by) throws ImException {
    ActiveRecording r;
    // Under the lock, so that a series' rotation comes wholly before or after it.
    synchronized (this) {
      r = activeOrNull(id);
      if (r != null) {
        r.requestStop("stopped by " + (by == null || by.isEmpty() ? "a user" : by));
      }
    }
    if (r == null) {
      return describe(id); // already stopped: nothing to do
    }
    await(r);
    return describe(id);
  }

  private static void await(ActiveRecording r) {
    try {
      if (!r.awaitFinished(Duration.ofSeconds(60))) {
        LOG.warn("Recording {} is still writing its last segment", r.id());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private ActiveRecording activeOrNull(String id) {
    for (ActiveRecording r : active) {
      if (r.id().equals(id) && !r.finished()) {
        return r;
      }
    }
    return null;
  }

  /** Every recording, newest first. */
  public List<StoredRecording> list() {
    if (dir == null) {
      return List.of();
    }
    List<StoredRecording> out = new ArrayList<>();
    try {
      for (Path d : recordingDirectories(dir)) {
        try {
          out.add(describe(d.getFileName().toString()));
        } catch (ImException e) {
          // not a recording (no index): not listed
        }
      }
    } catch (IOException e) {
      LOG.warn("The recordings directory cannot be listed: {}", e.toString());
    }
    out.sort(Comparator.comparing(StoredRecording::startedAt).reversed());
    return out;
  }

  /**
   * One recording.
   *
   * @throws ImException UNKNOWN_RECORDING
   */
  public StoredRecording describe(String id) throws ImException {
    ActiveRecording r = activeOrNull(id);
    if (r != null) {
      return r.snapshot();
    }
    Path d = directoryOf(id);
    try {
      return RecordingIndex.read(d);
    } catch (IOException | RuntimeException e) {
      throw unknown(id);
    }
  }

  /**
   * Deletes a stopped recording and its files.
   *
   * @throws ImException UNKNOWN_RECORDING, RECORDING_IN_PROGRESS
   */
  public synchronized void delete(String id) throws ImException {
    if (activeOrNull(id) != null) {
      throw new ImException(
          FaultCode.RECORDING_IN_PROGRESS,
          "recording '" + id + "' is being written: stop it before deleting it");
    }
    StoredRecording r = describe(id);
    Path d = directoryOf(id);
    try (Stream<Path> files = Files.list(d)) {
      for (Path f : files.toList()) {
        Files.delete(f);
      }
      Files.delete(d);
    } catch (IOException e) {
      throw new ImException(
          FaultCode.INTERNAL_ERROR,
          "recording '" + id + "' could not be deleted completely (" + e.getMessage() + ")");
    } finally {
      budget.release(r.bytes());
    }
    LOG.info("Recording {} deleted", id);
  }

  /**
   * The file of one complete segment, for download.
   *
   * @throws ImException UNKNOWN_RECORDING when the recording or the segment does not exist
   */
  public Path segment(String id, String name) throws ImException {
    StoredRecording r = describe(id);
    for (SegmentFile s : r.segments()) {
      if (s.name().equals(name)) {
        return directoryOf(id).resolve(s.name());
      }
    }
    throw new ImException(
        FaultCode.UNKNOWN_RECORDING, "recording '" + id + "' has no segment '" + name + "'");
  }

  /** The directory of a recording, for a name of the right form only (never outside). */
  private Path directoryOf(String id) throws ImException {
    if (dir == null || id == null || !ID.matcher(id).matches()) {
      throw unknown(id);
    }
    Path d = dir.resolve(id);
    if (!Files.isDirectory(d)) {
      throw unknown(id);
    }
    return d;
  }

  private static ImException unknown(String id) {
    return new ImException(FaultCode.UNKNOWN_RECORDING, "no recording '" + id + "'");
  }

  @Override
  public void accept(Sample sample) {
    if (active.isEmpty()) {
      return;
    }
    long published = SampleColumns.micros(clock.instant());
    handover.readLock().lock();
    try {
      for (ActiveRecording r : active) {
        r.offer(sample, published);
      }
    } finally {
      handover.readLock().unlock();
    }
  }

  @Override
  public void parameterChanged(
      InstrumentManager im, String name, Value value, ParameterChange change) {
    if (active.isEmpty()) {
      return;
    }
    String user = change == ParameterChange.READ_BACK ? "" : who.get();
    Instant at = clock.instant();
    for (ActiveRecording r : active) {
      if (r.records(im.path())) {
        r.parameterChanged(at, user, im.path(), name, value.asString());
      }
    }
  }

  /** Stops every recording, each writing what it took. */
  @Override
  public void close() {
    synchronized (this) {
      if (seriesClock != null) {
        seriesClock.shutdownNow();
        seriesClock = null;
      }
    }
    for (ActiveRecording r : active) {
      r.requestStop("the Instrument Element stopped");
    }
    for (ActiveRecording r : active) {
      await(r);
    }
    active.clear();
  }

  private static String version() {
    String v = Recordings.class.getPackage().getImplementationVersion();
    return v == null ? "unknown" : v;
  }

  private static String host() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      return "";
    }
  }
}
