package org.instrumentelement.ie.server.connector;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.apache.tomcat.util.threads.ThreadPoolExecutor;

/**
 * The connector's request threads: one per core, and one more for each request held up. Tomcat's
 * own pool starts a thread for every request that finds none idle: with 40 pollers it keeps 40
 * threads taking turns on two cores, each request waking a sleeping thread and putting one back to
 * sleep. Here {@link #busyThreads} threads serve the requests in turn from a queue, and a thread
 * that finishes one takes the next without sleeping. A request that has taken {@link #SLOW_MILLIS}
 * so far (an instrument that takes its time, a call waiting for a long command, a long pause) lets
 * another thread start, so that the requests behind it do not wait for it; up to {@code maxThreads}
 * at once. Once it is done, a thread above the busy ones ends when it next looks for work. The
 * requests in progress are looked at every {@link #CHECK_MILLIS} while there are any; with none,
 * the watching thread waits for the next one, and an idle server does not wake up.
 */
final class WorkerThreads {
  /** How often the requests in progress are looked at. */
  static final long CHECK_MILLIS = 10;

  /** A request in progress this long counts as held up. */
  static final long SLOW_MILLIS = 20;

  /** How long a thread above those allowed waits for work before it ends (should any remain). */
  static final long IDLE_SECONDS = 10;

  private final List<Worker> workers = new CopyOnWriteArrayList<>();
  private final Pool pool;
  private final int busyThreads;
  private final int maxThreads;
  private final Thread watch; // null: checked by the caller (tests)
  private final AtomicInteger mostHeldUp = new AtomicInteger();
  private final AtomicInteger inProgress = new AtomicInteger();
  private volatile boolean watchIdle;
  private volatile boolean stopped;

  /**
   * @param namePrefix the threads' names, numbered after it
   * @param maxThreads most threads at once
   */
  WorkerThreads(String namePrefix, int maxThreads, boolean daemon, int priority) {
    this(
        namePrefix,
        busyThreads(maxThreads, Runtime.getRuntime().availableProcessors()),
        maxThreads,
        daemon,
        priority,
        true);
  }

  /**
   * @param busyThreads threads that serve requests while none is held up
   * @param watched whether a thread of its own calls {@link #check()} (else the caller does)
   */
  WorkerThreads(
      String namePrefix,
      int busyThreads,
      int maxThreads,
      boolean daemon,
      int priority,
      boolean watched) {
    this.maxThreads = maxThreads;
    this.busyThreads = busyThreads;
    pool = new Pool(busyThreads, this, new Factory(namePrefix, daemon, priority));
    if (!watched) {
      watch = null;
      return;
    }
    watch = new Thread(this::watch, namePrefix + "watch");
    watch.setDaemon(true);
    watch.start();
  }

  /**
   * The watching thread: {@link #check()} every {@link #CHECK_MILLIS} while requests are in
   * progress; with none, one last check (the threads allowed back to the busy ones), then a wait
   * until a request begins ({@link Pool#beforeExecute} wakes it).
   */
  private void watch() {
    while (!stopped) {
      if (inProgress.get() == 0) {
        check();
        watchIdle = true;
        // A request beginning now either is seen here or sees watchIdle and wakes this thread.
        if (inProgress.get() == 0 && !stopped) {
          LockSupport.park(this);
        }
        watchIdle = false;
        continue;
      }
      LockSupport.parkNanos(this, CHECK_MILLIS * 1_000_000);
      check();
    }
  }

  /** A request begins: counted, and the watching thread woken if it waits for one. */
  private void began() {
    if (inProgress.getAndIncrement() == 0 && watchIdle && watch != null) {
      LockSupport.unpark(watch);
    }
  }

  private void ended() {
    inProgress.decrementAndGet();
  }

  /** Whether the watching thread waits for a request (tests). */
  boolean watchWaiting() {
    return watch != null && watchIdle && watch.getState() == Thread.State.WAITING;
  }

  /** As many as the cores, at least two, at most {@code maxThreads}. */
  static int busyThreads(int maxThreads, int cores) {
    return Math.min(maxThreads, Math.max(2, cores));
  }

  /** The pool, for Tomcat to run requests on (and to shut down). */
  ThreadPoolExecutor pool() {
    return pool;
  }

  /** Threads the pool may run now: the busy ones and one for each request held up. */
  int allowedThreads() {
    return pool.getCorePoolSize();
  }

  /** Most requests held up at once since start. */
  int mostHeldUp() {
    return mostHeldUp.get();
  }

  /** Stops watching; the pool is shut down by Tomcat with the endpoint. */
  void stop() {
    stopped = true;
    if (watch != null) {
      LockSupport.unpark(watch);
    }
  }

  /** Called every {@link #CHECK_MILLIS}, by one thread only. */
  void check() {
    check(System.nanoTime());
  }

  /** {@link #check()} at {@code now} (tests pass their own clock). */
  void check(long now) {
    int heldUp = 0;
    for (Worker w : workers) {
      long started = w.started;
      if (started != 0 && now - started >= SLOW_MILLIS * 1_000_000) {
        heldUp++;
      }
    }
    mostHeldUp.accumulateAndGet(heldUp, Math::max);
    pool.allow(Math.min(maxThreads, busyThreads + heldUp));
  }

  /** A request thread, with when the request it serves began (0 between requests). */
  private static final class Worker extends Thread {
    volatile long started;

    Worker(Runnable r, String name) {
      super(r, name);
    }
  }

  /** Makes the request threads, and keeps the list of those alive. */
  private final class Factory implements ThreadFactory {
    private final String namePrefix;
    private final boolean daemon;
    private final int priority;
    private final AtomicInteger number = new AtomicInteger();

    Factory(String namePrefix, boolean daemon, int priority) {
      this.namePrefix = namePrefix;
      this.daemon = daemon;
      this.priority = priority;
    }

    @Override
    public Thread newThread(Runnable r) {
      Worker[] self = new Worker[1];
      Runnable tracked =
          () -> {
            try {
              r.run();
            } finally {
              workers.remove(self[0]);
            }
          };
      Worker w = new Worker(tracked, namePrefix + number.incrementAndGet());
      self[0] = w;
      w.setDaemon(daemon);
      w.setPriority(priority);
      // Not the context class loader of whoever started the first request (a web application's).
      w.setContextClassLoader(WorkerThreads.class.getClassLoader());
      workers.add(w);
      return w;
    }
  }

  /**
   * Tomcat's pool on a plain queue, noting when each request begins and ends. Its core and its
   * maximum are both the threads allowed: it starts threads up to that for requests waiting, and a
   * thread above it ends when it next looks for work (a pool keeps threads above its core as long
   * as they find work, and under load they always do).
   */
  private static final class Pool extends ThreadPoolExecutor {
    private final WorkerThreads owner;

    Pool(int threads, WorkerThreads owner, ThreadFactory factory) {
      super(threads, threads, IDLE_SECONDS, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), factory);
      this.owner = owner;
    }

    /** Sets the threads allowed: more start at once for requests waiting, fewer end. */
    synchronized void allow(int threads) {
      int now = getCorePoolSize();
      if (threads > now) {
        setMaximumPoolSize(threads);
        setCorePoolSize(threads);
      } else if (threads < now) {
        setCorePoolSize(threads);
        setMaximumPoolSize(threads);
      }
    }

    @Override
    protected void beforeExecute(Thread t, Runnable r) {
      if (t instanceof Worker w) {
        w.started = System.nanoTime();
      }
      owner.began();
      super.beforeExecute(t, r);
    }

    @Override
    protected void afterExecute(Runnable r, Throwable thrown) {
      super.afterExecute(r, thrown);
      if (Thread.currentThread() instanceof Worker w) {
        w.started = 0;
      }
      owner.ended();
    }
  }
}
