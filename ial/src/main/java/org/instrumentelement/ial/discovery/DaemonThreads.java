package org.instrumentelement.ial.discovery;

import java.util.concurrent.ThreadFactory;

/** Threads of a discovery run: named, and daemons, so that none keeps the JVM alive. */
final class DaemonThreads {
  private DaemonThreads() {}

  /** A factory of daemon threads all called {@code name}. */
  static ThreadFactory named(String name) {
    return r -> {
      Thread t = new Thread(r, name);
      t.setDaemon(true);
      return t;
    };
  }
}
