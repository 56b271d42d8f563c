package org.instrumentelement.ie.state;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import org.instrumentelement.ie.config.ConfigException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The run-time state of one Instrument Element, in memory and (unless {@code data.dir = off}) in
 * its {@link StateFile}. Changes are made under one lock; one writer thread writes the whole state
 * after them, several changes that arrive during a write going into the next one. {@link #update}
 * returns only once its change is on disk, so whatever a client was told has been done survives a
 * kill at any moment after.
 */
public final class StateStore implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(StateStore.class);

  /** How long a change waits for the disk before the caller goes on (and a warning is logged). */
  static final Duration WRITE_WAIT = Duration.ofSeconds(10);

  private final StateFile file; // null: kept in memory only
  private final Clock clock;
  private final StoredState state;
  private final String loaded;
  private FileLock lock; // held while open: one IE per data directory
  private Thread writer;
  private long version; // guarded by this: changes made
  private long written; // guarded by this: changes on disk (or given up on)
  private boolean failing; // guarded by this
  private boolean closed; // guarded by this

  private StateStore(StateFile file, Clock clock, StoredState state, String loaded) {
    this.file = file;
    this.clock = clock;
    this.state = state;
    this.loaded = loaded;
  }

  /** A store that keeps nothing across restarts ({@code data.dir = off}, and unit tests). */
  public static StateStore inMemory() {
    return new StateStore(
        null, Clock.systemUTC(), new StoredState(), "Run-time state: not kept (data.dir = off)");
  }

  /**
   * Opens the store in {@code dir}: takes the directory's lock (one IE per data directory), reads
   * the state kept there and starts the writer. A file that cannot be trusted is set aside with a
   * warning and the IE starts from its configuration.
   *
   * @throws ConfigException if the directory cannot be written, or another IE uses it
   */
  public static StateStore open(Path dir, Clock clock) throws ConfigException {
    return open(dir, clock, false);
  }

  /**
   * Opens the store as {@link #open(Path, Clock)} does; with {@code reset}, first sets the kept
   * state aside (renamed, for inspection) so that nothing is restored.
   */
  public static StateStore open(Path dir, Clock clock, boolean reset) throws ConfigException {
    StateFile file = new StateFile(dir);
    try {
      file.checkWritable();
    } catch (IOException e) {
      throw new ConfigException(
          "data.dir "
              + dir
              + " cannot be written ("
              + e.getMessage()
              + "); give the IE a writable directory, or data.dir = off to keep nothing");
    }
    FileLock lock = lock(dir);
    if (reset) {
      try {
        Path aside = file.setAside("reset");
        LOG.info(
            aside == null
                ? "Run-time state reset: none was kept in {}"
                : "Run-time state reset: {} set aside as {}; nothing is restored",
            file.path(),
            aside);
      } catch (IOException e) {
        release(lock);
        throw new ConfigException(
            "cannot reset the run-time state in " + file.path() + ": " + e.getMessage());
      }
    }
    StoredState state;
    String loaded;
    try {
      Map<String, String> entries = file.read();
      state = StateFormat.decode(entries);
      loaded =
          entries.isEmpty()
              ? "Run-time state: none kept yet in " + file.path()
              : "Run-time state: restoring from "
                  + file.path()
                  + " (written "
                  + entries.get("written")
                  + ")";
    } catch (CorruptStateException | IOException e) {
      state = new StoredState();
      try {
        loaded = setAside(file, e);
      } catch (ConfigException ce) {
        release(lock);
        throw ce;
      }
    }
    StateStore store = new StateStore(file, clock, state, loaded);
    store.lock = lock;
    store.writer = new Thread(store::writeLoop, "ie-state-writer");
    store.writer.setDaemon(true);
    store.writer.start();
    return store;
  }

  private static String setAside(StateFile file, Exception why) throws ConfigException {
    try {
      Path aside = file.setAside("unreadable");
      String message =
          "The run-time state in "
              + file.path()
              + " cannot be used ("
              + why.getMessage()
              + "): set aside as "
              + aside
              + "; starting from the configuration, nothing restored";
      LOG.warn(message);
      return "Run-time state: nothing restored (the file was set aside, see the warning above)";
    } catch (IOException e) {
      throw new ConfigException(
          "the run-time state in "
              + file.path()
              + " cannot be used ("
              + why.getMessage()
              + ") nor set aside: "
              + e.getMessage());
    }
  }

  private static FileLock lock(Path dir) throws ConfigException {
    Path lockFile = dir.resolve(StateFile.NAME + ".lock");
    FileChannel channel = null;
    FileLock lock = null;
    try {
      channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
      lock = channel.tryLock();
    } catch (IOException | OverlappingFileLockException e) {
      lock = null;
    }
    if (lock == null) {
      try {
        if (channel != null) {
          channel.close();
        }
      } catch (IOException e) {
        // nothing held
      }
      throw new ConfigException(
          "data.dir "
              + dir
              + " is in use by another Instrument Element (each needs its own data.dir)");
    }
    return lock;
  }

  /** What was found at start-up, one sentence for the log. */
  public String loaded() {
    return loaded;
  }

  /** The file, or {@code null} when nothing is kept. */
  public Path file() {
    return file == null ? null : file.path();
  }

  /** The clock changes are stamped with. */
  public Clock clock() {
    return clock;
  }

  /** Reads from the state under the lock. */
  public synchronized <T> T read(Function<StoredState, T> query) {
    return query.apply(state);
  }

  /**
   * Makes a change and waits until it is on disk (at most {@link #WRITE_WAIT}; a disk that fails is
   * logged, and the change stays in memory and goes to disk with the next write that works).
   */
  public void update(Consumer<StoredState> change) {
    long mine;
    synchronized (this) {
      change.accept(state);
      if (file == null || closed) {
        return;
      }
      mine = ++version;
      notifyAll();
    }
    awaitWritten(mine);
  }

  private synchronized void awaitWritten(long v) {
    long deadline = System.nanoTime() + WRITE_WAIT.toNanos();
    boolean interrupted = false;
    while (written < v && !closed) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        LOG.warn("The run-time state is not on disk after {}: going on without", WRITE_WAIT);
        break;
      }
      try {
        wait(Math.max(1, left / 1_000_000));
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  private void writeLoop() {
    while (true) {
      long target;
      Map<String, String> entries;
      synchronized (this) {
        while (version == written && !closed) {
          try {
            wait();
          } catch (InterruptedException e) {
            return;
          }
        }
        if (version == written) {
          return; // closed with nothing left to write
        }
        target = version;
        entries = StateFormat.encode(state, clock.instant());
      }
      boolean ok = write(entries);
      synchronized (this) {
        written = target;
        if (ok == failing) {
          failing = !ok;
        }
        notifyAll();
      }
    }
  }

  private boolean write(Map<String, String> entries) {
    try {
      file.write(entries);
      synchronized (this) {
        if (failing) {
          LOG.info("The run-time state is written again to {}", file.path());
        }
      }
      return true;
    } catch (IOException | RuntimeException e) {
      synchronized (this) {
        if (!failing) {
          LOG.error(
              "Cannot write the run-time state to {}: {}; settings made now will not survive a"
                  + " restart until it can",
              file.path(),
              e.toString());
        }
      }
      return false;
    }
  }

  /** Writes what is left and stops the writer; releases the data directory. */
  @Override
  public void close() {
    Thread w;
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      notifyAll();
      w = writer;
    }
    if (w != null) {
      try {
        w.join(WRITE_WAIT.toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    release(lock);
    lock = null;
  }

  private static void release(FileLock lock) {
    if (lock == null) {
      return;
    }
    try {
      lock.release();
      lock.channel().close();
    } catch (IOException e) {
      // the process is stopping; the OS releases the lock with it
    }
  }
}
