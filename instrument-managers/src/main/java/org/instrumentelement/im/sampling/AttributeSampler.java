package org.instrumentelement.im.sampling;

import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.instrumentelement.im.model.ImException;
import org.instrumentelement.im.model.States;
import org.instrumentelement.im.model.Value;

/**
 * Samples one attribute of one IM at a period and hands changes and heartbeats to a sink. Reads
 * only while the IM is connected; a failed read is counted and skipped (the IM's state tells
 * clients why). Runs on a shared scheduler, or, sampling faster than every {@link
 * #OWN_THREAD_BELOW}, on a thread of its own; changing the period reschedules it.
 */
public final class AttributeSampler implements AutoCloseable {
  private static final System.Logger LOG = System.getLogger(AttributeSampler.class.getName());

  /**
   * Periods shorter than this are sampled by a thread of the sampler's own, which sleeps until its
   * next read: a shared scheduler wakes two or three of its threads per run (the one that waited
   * for the task, the one that takes over the waiting, and again when the task is put back), which
   * at thousands of reads a second costs more CPU than the reads, and at 100 a second (every 10 ms)
   * still a sixth of a mock instrument's read (measured side by side: 135 against 115 µs of the
   * sampling threads' CPU per read of 2,500 doubles). Like the shared scheduler's fixed rate, reads
   * late by a few periods are made up (read back to back); late by more than {@link
   * #CATCH_UP_LIMIT} (an instrument that took long to answer, or a machine so loaded that the
   * thread waited that long for a core), sampling starts again from then instead of reading in a
   * burst, where the shared scheduler makes up every missed read: under such load it reads less
   * often than asked.
   */
  public static final Duration OWN_THREAD_BELOW = Duration.ofMillis(20);

  /** How far behind its schedule a sampler on its own thread still catches up. */
  public static final Duration CATCH_UP_LIMIT = Duration.ofMillis(100);

  private final SampledInstrument im;
  private final String attribute;
  private final SampleSink sink;
  private final ScheduledExecutorService scheduler;
  private final AtomicLong sequence = new AtomicLong();
  private final AtomicLong reads = new AtomicLong();
  private final AtomicLong failures = new AtomicLong();
  private volatile SamplingSettings settings;
  private volatile SampleCheck check;
  private ScheduledFuture<?> task; // guarded by this
  private Thread own; // guarded by this; sampling on a thread of its own
  private final Object sampling = new Object(); // one read at a time, also across a reschedule
  private Value lastPublished; // guarded by sampling
  private long lastPublishedNanos;
  private volatile boolean closed;
  private volatile Reading latest;

  public AttributeSampler(
      SampledInstrument im,
      String attribute,
      SamplingSettings settings,
      SampleSink sink,
      ScheduledExecutorService scheduler) {
    this.im = im;
    this.attribute = attribute;
    this.settings = settings;
    this.sink = sink;
    this.scheduler = scheduler;
  }

  /** Begins sampling (if the period is not zero). */
  public synchronized void start() {
    reschedule();
  }

  public SamplingSettings settings() {
    return settings;
  }

  /** Changes period, filter or heartbeat; takes effect at once. */
  public synchronized void update(SamplingSettings newSettings) {
    this.settings = newSettings;
    if (!closed) {
      reschedule();
    }
  }

  /**
   * Shows every read (changed or not) to {@code c} before the change filter, which may change the
   * value's quality; null for none (the default, which costs nothing).
   */
  public void check(SampleCheck c) {
    this.check = c;
  }

  /** Samples handed to the sink so far (the last sequence number used). */
  public long published() {
    return sequence.get();
  }

  /** Reads made so far. */
  public long reads() {
    return reads.get();
  }

  /**
   * The newest successful read, or null before the first: a poller that accepts a value of some age
   * is served from it without another read.
   */
  public Reading latest() {
    return latest;
  }

  /** Reads that failed. */
  public long failures() {
    return failures.get();
  }

  private void reschedule() {
    stopTask();
    SamplingSettings s = settings;
    if (s.enabled()) {
      long nanos = s.period().toNanos();
      if (s.period().compareTo(OWN_THREAD_BELOW) < 0) {
        Thread t =
            new Thread(() -> sampleEvery(nanos), "ie-sampler-" + im.path() + "-" + attribute);
        t.setDaemon(true);
        own = t;
        t.start();
      } else {
        task = scheduler.scheduleAtFixedRate(this::sampleSafely, 0, nanos, TimeUnit.NANOSECONDS);
      }
    }
  }

  private void stopTask() {
    if (task != null) {
      task.cancel(false);
      task = null;
    }
    if (own != null) {
      LockSupport.unpark(own); // it sees it is no longer the sampler's thread and ends
      own = null;
    }
  }

  private synchronized boolean isOwnThread() {
    return own == Thread.currentThread();
  }

  /** The loop of a thread of the sampler's own: a read every {@code period} nanoseconds. */
  private void sampleEvery(long period) {
    long next = System.nanoTime();
    while (isOwnThread()) {
      sampleSafely();
      next += period;
      long now = System.nanoTime();
      while (now - next < 0) {
        LockSupport.parkNanos(this, next - now);
        if (!isOwnThread()) {
          return;
        }
        now = System.nanoTime();
      }
      if (now - next > CATCH_UP_LIMIT.toNanos()) {
        next = now; // far behind: no burst of reads to catch up
      }
    }
  }

  private void sampleSafely() {
    try {
      sampleOnce();
    } catch (RuntimeException e) {
      // A scheduled task that throws is never run again: log and carry on.
      failures.incrementAndGet();
      LOG.log(Level.WARNING, "sampling " + im.path() + " " + attribute + " failed", e);
    }
  }

  /** One sampling step; public so that tests can drive it without a scheduler. */
  public void sampleOnce() {
    synchronized (sampling) {
      sampleOnceLocked();
    }
  }

  private void sampleOnceLocked() {
    if (closed || !States.CONNECTED.contains(im.state())) {
      return;
    }
    Value v;
    SampleCheck c = check;
    long provenance;
    try {
      reads.incrementAndGet();
      long started = System.nanoTime();
      // Taken before the read (and after its start time, so that a change after the start time
      // makes the read too old for a poll: FreshReads), every change up to it was in effect.
      provenance = im.provenanceRevision();
      v = im.getAttribute(attribute);
      latest = new Reading(v, started, provenance);
    } catch (ImException e) {
      failures.incrementAndGet();
      LOG.log(Level.DEBUG, "{0} {1}: {2}", im.path(), attribute, e.getMessage());
      if (c != null) {
        c.failed(e, System.nanoTime());
      }
      return;
    }
    SamplingSettings s = settings;
    long now = System.nanoTime();
    if (c != null) {
      v = c.checked(v, now);
    }
    boolean changed = s.filter().changed(lastPublished, v);
    boolean heartbeat =
        !changed && !s.heartbeat().isZero() && now - lastPublishedNanos >= s.heartbeat().toNanos();
    if (changed || heartbeat) {
      lastPublished = v;
      lastPublishedNanos = now;
      sink.accept(
          new Sample(im.path(), attribute, v, sequence.incrementAndGet(), heartbeat, provenance));
    }
  }

  /** Stops sampling; a sample in progress completes. */
  @Override
  public synchronized void close() {
    closed = true;
    stopTask();
  }
}
