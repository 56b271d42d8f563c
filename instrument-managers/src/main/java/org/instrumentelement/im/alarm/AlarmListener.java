package org.instrumentelement.im.alarm;

/** Told of every alarm raised, changed or cleared. */
@FunctionalInterface
public interface AlarmListener {

  /** Called on the sampling thread (or the thread that changed an IM's state): must not block. */
  void changed(AlarmChange change);
}
