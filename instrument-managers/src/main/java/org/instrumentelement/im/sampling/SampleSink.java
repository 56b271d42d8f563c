package org.instrumentelement.im.sampling;

/** Receives the samples of subscribable attributes. */
@FunctionalInterface
public interface SampleSink {

  /**
   * Takes a sample. Called on the sampling thread: must return at once and never block on I/O (a
   * publisher queues the sample and sends it from its own thread).
   */
  void accept(Sample sample);
}
