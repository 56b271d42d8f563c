package org.instrumentelement.ie.monitoring;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import org.instrumentelement.ie.pubsub.Publishing;
import org.instrumentelement.ie.pubsub.SampledAttribute;

/**
 * The figures of every subscribable attribute: samples published and failed, samples superseded
 * before the broker took them and, with the embedded broker, its subscribers and drops.
 */
public final class SubscriptionMeters implements MeterBinder {
  private final Publishing publishing;
  private final String imPath;

  /** The figures of every subscribable attribute. */
  public SubscriptionMeters(Publishing publishing) {
    this(publishing, null);
  }

  /** The figures of the subscribable attributes of one IM (one added at run time). */
  public SubscriptionMeters(Publishing publishing, String imPath) {
    this.publishing = publishing;
    this.imPath = imPath;
  }

  @Override
  public void bindTo(MeterRegistry registry) {
    for (SampledAttribute s : publishing.subscriptions().list(imPath)) {
      Tags tags = Tags.of("im", s.imPath(), "attribute", s.spec().name(), "topic", s.topic());
      FunctionCounter.builder("ie.subscription.published", s, a -> a.sampler().published())
          .description("samples handed to the publisher")
          .tags(tags)
          .register(registry);
      FunctionCounter.builder("ie.subscription.sample.failures", s, a -> a.sampler().failures())
          .description("reads of the attribute that failed")
          .tags(tags)
          .register(registry);
      if (publishing.publisher() != null) {
        FunctionCounter.builder(
                "ie.subscription.superseded", s, a -> publishing.publisher().superseded(a.topic()))
            .description("samples replaced by a newer one before the broker took them")
            .tags(tags)
            .register(registry);
      }
      if (publishing.broker() != null) {
        FunctionCounter.builder(
                "ie.subscription.discarded", s, a -> publishing.broker().discarded(a.topic()))
            .description("messages the broker dropped for slow subscribers (current subscribers)")
            .tags(tags)
            .register(registry);
        Gauge.builder(
                "ie.subscription.subscribers", s, a -> publishing.broker().subscribers(a.topic()))
            .description("subscribers of the topic on the embedded broker")
            .tags(tags)
            .register(registry);
      }
    }
  }
}
