package org.instrumentelement.ie.pubsub;

import org.instrumentelement.im.sampling.SampleSink;

/** Gives each sampler the sink of its own topic: what {@link Subscriptions} publishes through. */
@FunctionalInterface
public interface TopicSinks {

  /**
   * The sink that publishes samples to {@code topic}. Called once per subscribable attribute when
   * the subscriptions start; the sink's {@code accept} must return at once (see {@link
   * SampleSink}).
   */
  SampleSink bind(PublishedTopic topic);
}
