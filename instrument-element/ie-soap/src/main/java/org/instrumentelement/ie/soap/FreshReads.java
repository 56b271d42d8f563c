package org.instrumentelement.ie.soap;

import java.util.Collection;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.function.BiFunction;
import org.instrumentelement.im.InstrumentManager;
import org.instrumentelement.im.model.AttributeSpec;
import org.instrumentelement.im.model.ImException;
import org.instrumentelement.im.sampling.Reading;

/**
 * The newest read of every attribute polled, so that a poll with a {@code maxAge} (as OPC UA's Read
 * has) is answered from a read made at most that long ago, by another poll or by the attribute's
 * sampler, instead of reading the instrument again; many pollers of one attribute then cost one
 * read per {@code maxAge}, and polls that arrive while a read is under way share it.
 *
 * <p>A kept value is served only while the attribute is readable in the IM's current state and
 * nothing has changed the IM since its read began (a state change, a parameter taking a value, or a
 * control operation through this service): otherwise the poll reads, and fails, exactly as without
 * {@code maxAge}. The age is counted from when the read began, never from when it ended.
 */
final class FreshReads {
  /** How long ago the last change of an IM seems, before any is seen: a day. */
  private static final long NO_CHANGE_NANOS = 86_400_000_000_000L;

  private final Map<InstrumentManager, ImReads> byIm = new ConcurrentHashMap<>();
  private final BiFunction<String, String, Reading> sampled;

  /**
   * @param ims the IMs polled, whose changes are followed from now on
   * @param sampled the newest read of an attribute's sampler (IM path, attribute), or null
   */
  FreshReads(Collection<InstrumentManager> ims, BiFunction<String, String, Reading> sampled) {
    this.sampled = sampled;
    // Followed from the start, so that the samplers' first reads (made before the service was
    // built, before any client could change anything) may serve polls.
    ims.forEach(im -> byIm.computeIfAbsent(im, ImReads::new));
  }

  /**
   * A value of {@code name} read at most {@code maxAgeNanos} ago, or a new read (always a new read
   * when {@code maxAgeNanos} is 0).
   *
   * @throws ImException as {@link InstrumentManager#getAttribute}
   */
  KeptRead read(InstrumentManager im, String name, long maxAgeNanos) throws ImException {
    long now = System.nanoTime();
    ImReads r = byIm.computeIfAbsent(im, ImReads::new);
    AttributeReads a = r.attribute(name);
    if (maxAgeNanos <= 0) {
      return a.store(readNow(im, name));
    }
    long changed = r.changedAt;
    KeptRead kept = a.latest;
    if (usable(kept, changed, now, maxAgeNanos) && readable(im, name)) {
      return kept;
    }
    Reading s = sampled.apply(im.path(), name);
    if (s != null
        && (kept == null || s.startedNanos() - kept.startedNanos() > 0)
        && fresh(s.startedNanos(), changed, now, maxAgeNanos)
        && readable(im, name)) {
      return a.store(new KeptRead(s.value(), s.startedNanos(), s.provenance()));
    }
    return a.shared(im, name, now, maxAgeNanos, r);
  }

  /**
   * The kept read that {@link #read} would return now for a poll with {@code maxAgeNanos} without
   * reading or taking another read, or null when it would read, take a newer read or fail.
   */
  KeptRead kept(InstrumentManager im, String name, long maxAgeNanos) {
    if (maxAgeNanos <= 0) {
      return null;
    }
    long now = System.nanoTime();
    ImReads r = byIm.get(im);
    AttributeReads a = r == null ? null : r.attributes.get(name);
    KeptRead kept = a == null ? null : a.latest;
    return usable(kept, r.changedAt, now, maxAgeNanos) && readable(im, name) ? kept : null;
  }

  /** Forgets {@code im} altogether: it has been removed from the element. */
  void forget(InstrumentManager im) {
    byIm.remove(im);
  }

  /** How many IMs this follows (for tests). */
  int followed() {
    return byIm.size();
  }

  /** Forgets what was read from {@code im}: it has been changed. */
  void changed(InstrumentManager im) {
    ImReads r = byIm.get(im);
    if (r != null) {
      r.touch();
    }
  }

  private static KeptRead readNow(InstrumentManager im, String name) throws ImException {
    // Taken after the start time and before the read: every change up to it was in effect, and
    // one after the start time makes this read too old to be served again.
    long started = System.nanoTime();
    long provenance = im.provenanceRevision();
    return new KeptRead(im.getAttribute(name), started, provenance);
  }

  private static boolean usable(KeptRead k, long changed, long now, long maxAgeNanos) {
    return k != null && fresh(k.startedNanos(), changed, now, maxAgeNanos);
  }

  private static boolean fresh(long started, long changed, long now, long maxAgeNanos) {
    return started - changed > 0 && now - started <= maxAgeNanos;
  }

  /** Whether a read now would be allowed; if not, the read is made and fails as it should. */
  private static boolean readable(InstrumentManager im, String name) {
    try {
      AttributeSpec spec = im.model().attribute(name);
      return spec.readableIn().contains(im.state());
    } catch (ImException e) {
      return false;
    }
  }

  /** What is kept of one IM: its attributes' reads and when it last changed. */
  private static final class ImReads {
    private final Map<String, AttributeReads> attributes = new ConcurrentHashMap<>();

    /** No change seen yet: as if the last were long before any read. */
    private volatile long changedAt = System.nanoTime() - NO_CHANGE_NANOS;

    ImReads(InstrumentManager im) {
      im.addStateListener((m, from, to) -> touch());
      im.addParameterListener((m, n, v, c) -> touch());
    }

    void touch() {
      changedAt = System.nanoTime();
    }

    AttributeReads attribute(String name) {
      AttributeReads a = attributes.get(name);
      return a != null ? a : attributes.computeIfAbsent(name, n -> new AttributeReads());
    }
  }

  /** The newest read of one attribute, and the read under way that polls may share. */
  private static final class AttributeReads {
    private volatile KeptRead latest;
    private CompletableFuture<KeptRead> underWay; // guarded by this
    private long underWaySince; // guarded by this

    KeptRead store(KeptRead k) {
      KeptRead now = latest;
      if (now == null || k.startedNanos() - now.startedNanos() >= 0) {
        latest = k;
      }
      return k;
    }

    /**
     * Joins a read under way that began recently enough and after the last change, or makes one.
     */
    KeptRead shared(InstrumentManager im, String name, long now, long maxAgeNanos, ImReads r)
        throws ImException {
      CompletableFuture<KeptRead> joined = null;
      CompletableFuture<KeptRead> mine = null;
      synchronized (this) {
        if (underWay != null && fresh(underWaySince, r.changedAt, now, maxAgeNanos)) {
          joined = underWay;
        } else {
          mine = new CompletableFuture<>();
          underWay = mine;
          underWaySince = System.nanoTime();
        }
      }
      if (joined != null) {
        try {
          return joined.get();
        } catch (ExecutionException e) {
          if (e.getCause() instanceof ImException failure) {
            throw failure; // the read this poll shared failed: the same answer as its own read
          }
          return store(readNow(im, name));
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return store(readNow(im, name));
        }
      }
      try {
        KeptRead k = store(readNow(im, name));
        mine.complete(k);
        return k;
      } catch (ImException | RuntimeException | Error e) {
        mine.completeExceptionally(e);
        throw e;
      } finally {
        synchronized (this) {
          if (underWay == mine) {
            underWay = null;
          }
        }
      }
    }
  }
}
