package org.instrumentelement.ie.monitoring;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.List;
import org.instrumentelement.ie.element.ImNode;
import org.instrumentelement.im.model.States;

/** The state of every Instrument Manager, read when scraped. */
public final class ImMeters implements MeterBinder {
  private final List<ImNode> nodes;

  public ImMeters(List<ImNode> nodes) {
    this.nodes = List.copyOf(nodes);
  }

  @Override
  public void bindTo(MeterRegistry registry) {
    for (ImNode n : nodes) {
      for (String state : n.im().model().states()) {
        Gauge.builder("ie.im.state", n, node -> node.im().state().equals(state) ? 1 : 0)
            .description("1 for the state the IM is in")
            .tags(Tags.of("im", n.path(), "state", state))
            .register(registry);
      }
      Gauge.builder(
              "ie.im.connected", n, node -> States.CONNECTED.contains(node.im().state()) ? 1 : 0)
          .description("1 while the IM is connected to its instrument")
          .tags("im", n.path())
          .register(registry);
    }
  }
}
