package org.instrumentelement.ie.recording;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.instrumentelement.ie.config.RecordingLimits;
import org.instrumentelement.ie.element.ImNode;
import org.instrumentelement.im.model.Value;
import org.instrumentelement.im.sampling.Sample;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One recording being written. Samplers hand it samples through a bounded queue ({@link #offer}
 * never waits: a full queue drops the sample and counts it); its own thread fills the segment in
 * memory and hands it to a second thread, which writes it as a file while the next one fills, when
 * it holds {@code recording.segmentBytes}, has been open for {@code recording.segmentDuration}, a
 * sample no longer fits its shape, or a parameter of a recorded IM changed (so that each segment's
 * time axis and parameter values hold for all of its samples). Stops by itself at its duration,
 * sample count or size limit, or when the quota is reached, always writing what it took first.
 */
final class ActiveRecording {
  private static final Logger LOG = LoggerFactory.getLogger(ActiveRecording.class);

  /** Reserved per segment for what an HDF5 file holds besides the values. */
  static final long SEGMENT_OVERHEAD = 64 * 1024;

  private record Queued(Sample sample, long publishedMicros) {}

  private record RawChange(Instant time, String user, String im, String parameter, String value) {}

  private final RecordingHeader header;
  private final Path dir;
  private final RecordingRequest request;
  private final RecordingLimits limits;
  private final DiskBudget budget;
  private final Clock clock;
  private final Map<String, ImNode> nodes;
  private final Set<RecordedItem> items;
  private final ArrayBlockingQueue<Queued> queue;
  private final ConcurrentLinkedQueue<RawChange> changes = new ConcurrentLinkedQueue<>();
  private final AtomicLong dropped = new AtomicLong();
  private final AtomicLong samples = new AtomicLong();
  private final CountDownLatch finished = new CountDownLatch(1);
  private volatile boolean accepting = true;
  private volatile String stopReason;
  private volatile Instant stoppedAt;
  private volatile boolean done;
  private Thread thread;

  // Only the writer thread touches these.
  private final Map<String, ImProvenance> ims;
  private Map<RecordedItem, ItemAxis> axes;
  private Map<RecordedItem, SampleColumns> columns = new LinkedHashMap<>();
  private List<ParameterChangeEntry> segmentChanges = new ArrayList<>();
  private boolean axesStale;
  private boolean cut;
  private Instant opened;
  private long reserved;
  private long held;
  private int segments; // started
  private Future<?> writing; // the segment being written, or null
  private final ExecutorService writer;

  /** Bytes of the segments written, and the estimate of the one being written. */
  private final AtomicLong onDisk = new AtomicLong();

  private final AtomicInteger written = new AtomicInteger();

  ActiveRecording(
      RecordingHeader header,
      Path dir,
      RecordingRequest request,
      RecordingLimits limits,
      DiskBudget budget,
      Clock clock,
      Map<String, ImNode> nodes,
      Map<String, ImProvenance> ims,
      Map<RecordedItem, ItemAxis> axes) {
    this.header = header;
    this.dir = dir;
    this.request = request;
    this.limits = limits;
    this.budget = budget;
    this.clock = clock;
    this.nodes = Map.copyOf(nodes);
    this.items = new HashSet<>(request.items());
    this.queue = new ArrayBlockingQueue<>(limits.queueSamples());
    this.ims = new LinkedHashMap<>(ims);
    this.axes = new LinkedHashMap<>(axes);
    this.writer =
        Executors.newSingleThreadExecutor(
            r -> {
              Thread t = new Thread(r, "ie-recording-writer-" + header.id());
              t.setDaemon(true);
              return t;
            });
  }

  String id() {
    return header.id();
  }

  /** When it started. */
  Instant startedAt() {
    return header.startedAt();
  }

  /** Bytes of its segments written and being written. */
  long bytesWritten() {
    return onDisk.get();
  }

  /** Why it stopped, or null while it records. */
  String stopReason() {
    return stopReason;
  }

  /** Whether it records an attribute of the IM at {@code path}. */
  boolean records(String path) {
    return nodes.containsKey(path);
  }

  /** Starts the writer thread (the index is written first, by the caller). */
  void start() {
    thread = new Thread(this::run, "ie-recording-" + header.id());
    thread.setDaemon(true);
    thread.start();
  }

  /** Takes a sample if it belongs to this recording; never waits (a full queue drops it). */
  void offer(Sample s, long publishedMicros) {
    if (!accepting || !items.contains(new RecordedItem(s.imPath(), s.attribute()))) {
      return;
    }
    if (!queue.offer(new Queued(s, publishedMicros))) {
      dropped.incrementAndGet();
    }
  }

  /** Notes a parameter change of a recorded IM, for the change log (never waits). */
  void parameterChanged(Instant at, String user, String im, String parameter, String value) {
    if (accepting) {
      changes.add(new RawChange(at, user, im, parameter, value));
    }
  }

  /** Asks it to stop: it takes no more samples, writes what it holds, and ends. */
  void requestStop(String reason) {
    if (stopReason == null) {
      stopReason = reason;
    }
    accepting = false;
  }

  /** Waits for the writer to end; false if it did not within {@code timeout}. */
  boolean awaitFinished(Duration timeout) throws InterruptedException {
    return finished.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
  }

  boolean finished() {
    return finished.getCount() == 0;
  }

  /** Where it stands now. */
  StoredRecording snapshot() {
    List<SegmentFile> files;
    try {
      files = RecordingIndex.segments(dir);
    } catch (IOException e) {
      files = List.of();
    }
    return new StoredRecording(
        header.id(),
        done ? RecordingState.COMPLETE : RecordingState.RECORDING,
        header.note(),
        header.startedBy(),
        header.startedAt(),
        done ? stoppedAt : null,
        done ? stopReason : "",
        request.items(),
        samples.get(),
        dropped.get(),
        files,
        request.series());
  }

  private void run() {
    try {
      Instant end = request.duration() == null ? null : header.startedAt().plus(request.duration());
      while (true) {
        Queued q = queue.poll(100, TimeUnit.MILLISECONDS);
        takeChanges();
        if (q != null && !take(q)) {
          break;
        }
        Instant now = clock.instant();
        if (opened != null
            && (cut
                || held >= limits.segmentBytes()
                || !now.isBefore(opened.plus(limits.segmentDuration())))) {
          flush();
        }
        if (end != null && !now.isBefore(end)) {
          requestStop("its duration of " + request.duration().toMillis() + " ms has passed");
        }
        if (!accepting && queue.isEmpty()) {
          break;
        }
      }
      takeChanges();
      flush();
      awaitWriting();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      requestStop("the Instrument Element stopped");
    } catch (IOException | RuntimeException e) {
      LOG.error("Recording {} stopped: a segment could not be written", header.id(), e);
      requestStop(
          "a segment could not be written ("
              + e.getMessage()
              + "); the segments before it are complete");
    } finally {
      accepting = false;
      try {
        awaitWriting();
      } catch (IOException | InterruptedException | RuntimeException e) {
        requestStop(
            "a segment could not be written ("
                + e.getMessage()
                + "); the segments before it are complete");
      }
      writer.shutdown();
      budget.release(reserved);
      reserved = 0;
      stoppedAt = clock.instant();
      queue.clear();
      done = true;
      writeIndex();
      finished.countDown();
      LOG.info(
          "Recording {} ended: {} samples in {} segments, {} dropped; {}",
          header.id(),
          samples.get(),
          written.get(),
          dropped.get(),
          stopReason);
    }
  }

  /** Puts a sample in the segment; false when a limit stops the recording (what it holds stays). */
  private boolean take(Queued q) throws IOException, InterruptedException {
    Sample s = q.sample();
    Value v = s.value();
    RecordedItem item = new RecordedItem(s.imPath(), s.attribute());
    SampleColumns c = columns.get(item);
    if (c != null && !c.fits(v)) {
      flush();
      c = null;
    }
    long cost = SampleColumns.cost(v);
    if (request.maxBytes() != null
        && onDisk.get() + held + cost + SEGMENT_OVERHEAD > request.maxBytes()) {
      requestStop("it reached its size limit of " + request.maxBytes() + " bytes");
      return false;
    }
    if (opened == null) {
      if (!budget.tryReserve(SEGMENT_OVERHEAD)) {
        requestStop(quotaReason());
        return false;
      }
      reserved += SEGMENT_OVERHEAD;
      open();
    }
    if (!budget.tryReserve(cost)) {
      requestStop(quotaReason());
      return false;
    }
    reserved += cost;
    if (c == null) {
      c = new SampleColumns(v);
      columns.put(item, c);
    }
    c.add(s, q.publishedMicros());
    held += cost;
    long n = samples.incrementAndGet();
    if (request.maxSamples() != null && n >= request.maxSamples()) {
      requestStop("it took its " + request.maxSamples() + " samples");
      return false;
    }
    return true;
  }

  private String quotaReason() {
    return "the recordings directory reached its quota of "
        + budget.quota()
        + " bytes (recording.quota)";
  }

  private void open() {
    opened = clock.instant();
    if (axesStale) {
      for (RecordedItem i : request.items()) {
        axes.put(i, ItemAxis.of(nodes.get(i.im()), i.attribute()));
      }
      axesStale = false;
    }
  }

  /** Moves parameter changes into the log of the open segment, which they close. */
  private void takeChanges() {
    RawChange r;
    while ((r = changes.poll()) != null) {
      ImProvenance p = ims.get(r.im());
      String old = p == null ? "" : p.parameters().getOrDefault(r.parameter(), "");
      if (old.equals(r.value())) {
        continue; // the same value again (a read back at reconnection): nothing changed
      }
      segmentChanges.add(
          new ParameterChangeEntry(r.time(), r.user(), r.im(), r.parameter(), old, r.value()));
      if (p != null) {
        ims.put(r.im(), p.with(r.parameter(), r.value()));
      }
      axesStale = true;
      cut = opened != null;
    }
  }

  /**
   * Hands the segment held, if any, to the writer thread and starts an empty one: the next segment
   * fills while this one is written, so a slow disk holds up sampling for at most a segment's
   * writing time (two segments in memory at most). Waits first for the segment before it.
   */
  private void flush() throws IOException, InterruptedException {
    cut = false;
    if (columns.isEmpty() && segmentChanges.isEmpty()) {
      return;
    }
    awaitWriting();
    Instant now = clock.instant();
    int number = ++segments;
    SegmentWriter.Segment segment =
        new SegmentWriter.Segment(
            header,
            number,
            opened == null ? now : opened,
            now,
            Map.copyOf(ims),
            Map.copyOf(axes),
            columns,
            List.copyOf(segmentChanges));
    long reservedForIt = reserved;
    long estimate = held + SEGMENT_OVERHEAD;
    onDisk.addAndGet(estimate);
    reserved = 0;
    columns = new LinkedHashMap<>();
    segmentChanges = new ArrayList<>();
    held = 0;
    opened = null;
    Path file = dir.resolve(RecordingIndex.segmentName(number));
    writing =
        writer.submit(
            () -> {
              try {
                long size = SegmentWriter.write(file, segment);
                budget.settle(reservedForIt, size);
                onDisk.addAndGet(size - estimate);
                written.set(number);
                writeIndex();
              } catch (IOException e) {
                budget.release(reservedForIt);
                throw new UncheckedIOException(e);
              }
            });
  }

  /** Waits until the segment being written is on disk; its failure is thrown here. */
  private void awaitWriting() throws IOException, InterruptedException {
    Future<?> w = writing;
    writing = null;
    if (w == null) {
      return;
    }
    try {
      w.get();
    } catch (ExecutionException e) {
      if (e.getCause() instanceof UncheckedIOException u) {
        throw u.getCause();
      }
      throw new IOException(String.valueOf(e.getCause().getMessage()), e.getCause());
    }
  }

  private void writeIndex() {
    try {
      RecordingIndex.write(dir, snapshot());
    } catch (IOException e) {
      LOG.warn("Recording {}: its index could not be written: {}", header.id(), e.toString());
    }
  }
}
