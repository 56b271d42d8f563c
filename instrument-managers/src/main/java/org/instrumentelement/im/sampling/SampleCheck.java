package org.instrumentelement.im.sampling;

import org.instrumentelement.im.model.ImException;
import org.instrumentelement.im.model.Value;

/**
 * Sees every read of a sampler, changed or not, before the change filter: the alarm limits are
 * evaluated here, on the samples the topics get, so they cost no extra instrument read.
 */
public interface SampleCheck {

  /**
   * A read that worked.
   *
   * @param nanos when, on {@link System#nanoTime()}'s scale
   * @return the value to publish: {@code v}, or {@code v} with the quality of its alarm state
   */
  Value checked(Value v, long nanos);

  /** A read that failed. */
  void failed(ImException e, long nanos);
}
