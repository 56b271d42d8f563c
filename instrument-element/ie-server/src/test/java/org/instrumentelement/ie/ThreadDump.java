package org.instrumentelement.ie;

import java.lang.management.LockInfo;
import java.lang.management.ManagementFactory;
import java.lang.management.MonitorInfo;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;

/**
 * Every thread's stack with the locks it holds and waits for, as {@code jstack} prints them, and
 * the deadlocks the JVM finds: what a test prints when something it waits for hangs, so that the
 * build's log shows why.
 */
public final class ThreadDump {
  private ThreadDump() {}

  /** The dump, as text. */
  public static String now() {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    StringBuilder out = new StringBuilder();
    long[] deadlocked = threads.findDeadlockedThreads();
    if (deadlocked != null) {
      out.append("Deadlocked threads:");
      for (ThreadInfo t : threads.getThreadInfo(deadlocked)) {
        out.append(" \"").append(t.getThreadName()).append('"');
      }
      out.append("\n\n");
    }
    for (ThreadInfo t : threads.dumpAllThreads(true, true)) {
      append(out, t);
    }
    return out.toString();
  }

  private static void append(StringBuilder out, ThreadInfo t) {
    out.append('"').append(t.getThreadName()).append("\" ").append(t.getThreadState());
    LockInfo waitingFor = t.getLockInfo();
    if (waitingFor != null) {
      out.append(" on ").append(waitingFor);
      if (t.getLockOwnerName() != null) {
        out.append(" held by \"").append(t.getLockOwnerName()).append('"');
      }
    }
    out.append('\n');
    StackTraceElement[] stack = t.getStackTrace();
    MonitorInfo[] monitors = t.getLockedMonitors();
    for (int depth = 0; depth < stack.length; depth++) {
      out.append("\tat ").append(stack[depth]).append('\n');
      for (MonitorInfo m : monitors) {
        if (m.getLockedStackDepth() == depth) {
          out.append("\t- locked ").append(m).append('\n');
        }
      }
    }
    for (LockInfo l : t.getLockedSynchronizers()) {
      out.append("\t- holds ").append(l).append('\n');
    }
    out.append('\n');
  }
}
