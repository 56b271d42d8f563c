package org.instrumentelement.ie.pubsub.transport;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The threads that write messages to client connections. ActiveMQ's own pool hands every wake-up of
 * a connection to a thread of its own: a sample to 100 subscribers woke 100 threads, each switched
 * in to write one message and out again, and the switches cost more than the writes. Here a few
 * workers (one per core) take the connections that have messages waiting from one queue, one after
 * another, without sleeping between them.
 *
 * <p>A write to a client that reads nothing blocks once its socket's buffers are full (up to {@code
 * broker.maxPrefetch} messages are pushed to it), and holds its worker. So that such a client never
 * holds up the others, a worker busy with one task for longer than {@code stall} no longer counts:
 * another one starts in its place. A worker beyond the base number stops as soon as the others not
 * stuck are the base number again, or after {@code idle} without work. The others wait at most
 * about {@code stall} plus a watchdog tick when every base worker is stuck at once.
 *
 * <p>Extra workers must not outlive the stall that started them: every idle worker may be woken for
 * a task, so a pool grown to a dozen woke several threads per sample for good (a run at 10
 * subscribers and 100 samples/s had 12 after its warm-up).
 */
final class DispatchPool extends AbstractExecutorService {
  private static final Logger LOG = LoggerFactory.getLogger(DispatchPool.class);
  private static final Runnable STOP = () -> {};

  private final BlockingQueue<Runnable> queue = new LinkedBlockingQueue<>();
  private final Set<Worker> workers = ConcurrentHashMap.newKeySet();
  private final AtomicInteger ids = new AtomicInteger();
  private final String name;
  private final int base;
  private final long stallNanos;
  private final long idleNanos;
  private final Thread watchdog;
  private volatile boolean shutdown;

  /**
   * Starts the base workers and the watchdog.
   *
   * @param name the threads' names begin with it
   * @param base workers always there
   * @param stallMillis how long a worker may be busy with one task before another starts
   * @param idleMillis how long a worker beyond the base waits for work before it stops
   */
  DispatchPool(String name, int base, long stallMillis, long idleMillis) {
    this.name = name;
    this.base = base;
    this.stallNanos = TimeUnit.MILLISECONDS.toNanos(stallMillis);
    this.idleNanos = TimeUnit.MILLISECONDS.toNanos(idleMillis);
    for (int i = 0; i < base; i++) {
      startWorker(false);
    }
    watchdog = new Thread(this::watch, name + "-watchdog");
    watchdog.setDaemon(true);
    watchdog.start();
  }

  @Override
  public void execute(Runnable task) {
    if (shutdown) {
      throw new RejectedExecutionException(name + " is shut down");
    }
    queue.add(task);
  }

  /** Workers running now, stuck ones included. */
  int workers() {
    return workers.size();
  }

  private void startWorker(boolean extra) {
    Worker w = new Worker(extra);
    workers.add(w);
    Thread t = new Thread(w, name + "-" + ids.incrementAndGet());
    t.setDaemon(true);
    w.thread = t;
    t.start();
  }

  /**
   * Every half stall time, while tasks wait: one more worker for each base worker that is stuck.
   */
  private void watch() {
    long tick = Math.max(1, stallNanos / 2);
    while (!shutdown) {
      try {
        TimeUnit.NANOSECONDS.sleep(tick);
      } catch (InterruptedException e) {
        return;
      }
      if (queue.isEmpty()) {
        continue;
      }
      for (int i = free(null); i < base && !shutdown; i++) {
        startWorker(true);
      }
    }
  }

  /** Workers, but {@code except}, waiting for work or busy with a task for less than the stall. */
  private int free(Worker except) {
    long now = System.nanoTime();
    int free = 0;
    for (Worker w : workers) {
      long since = w.busySince;
      if (w != except && (since == 0 || now - since < stallNanos)) {
        free++;
      }
    }
    return free;
  }

  private final class Worker implements Runnable {
    private final boolean extra;
    private volatile long busySince; // 0: waiting for work
    private Thread thread;

    Worker(boolean extra) {
      this.extra = extra;
    }

    @Override
    public void run() {
      try {
        while (!extra || free(this) < base) {
          Runnable task = extra ? queue.poll(idleNanos, TimeUnit.NANOSECONDS) : queue.take();
          if (task == null || task == STOP) {
            return; // an extra worker with nothing to do, or shut down
          }
          busySince = System.nanoTime() | 1;
          try {
            task.run();
          } catch (RuntimeException | Error e) {
            LOG.warn("a broker dispatch task failed", e);
          } finally {
            busySince = 0;
          }
        }
      } catch (InterruptedException e) {
        // shut down
      } finally {
        workers.remove(this);
      }
    }
  }

  @Override
  public void shutdown() {
    shutdown = true;
    watchdog.interrupt();
    // The workers finish the tasks queued so far, then stop.
    for (int i = 0; i < workers.size(); i++) {
      queue.add(STOP);
    }
  }

  @Override
  public List<Runnable> shutdownNow() {
    shutdown = true;
    watchdog.interrupt();
    List<Runnable> left = new ArrayList<>();
    queue.drainTo(left);
    for (Worker w : workers) {
      w.thread.interrupt();
    }
    return left;
  }

  @Override
  public boolean isShutdown() {
    return shutdown;
  }

  @Override
  public boolean isTerminated() {
    return shutdown && workers.isEmpty();
  }

  @Override
  public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
    long deadline = System.nanoTime() + unit.toNanos(timeout);
    for (Worker w : List.copyOf(workers)) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return isTerminated();
      }
      TimeUnit.NANOSECONDS.timedJoin(w.thread, left);
    }
    return isTerminated();
  }
}
