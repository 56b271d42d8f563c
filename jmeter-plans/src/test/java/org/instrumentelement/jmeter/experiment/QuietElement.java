package org.instrumentelement.jmeter.experiment;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.apache.jmeter.protocol.java.sampler.JavaSamplerContext;
import org.instrumentelement.ie.measure.IeProcess;
import org.instrumentelement.ie.measure.MockLaboratory;
import org.instrumentelement.jmeter.jms.JmsSubscriberSampler;

/**
 * The IE that subscriber ITs run against: its runnable jar ({@code ie.jar}) on the mock laboratory,
 * sampling nothing until a test asks, and a JMeter subscriber's parameters for its array.
 */
final class QuietElement {
  /** The array device whose vector the subscribers take. */
  static final String IM = "lab/array1250";

  private QuietElement() {}

  /** Starts the IE, its log in {@code dir}. */
  static IeProcess start(Path dir) throws IOException {
    return IeProcess.launch(Path.of(System.getProperty("ie.jar")))
        .options(MockLaboratory.SAMPLING_OFF)
        .log(dir.resolve("ie.log"))
        .start();
  }

  /** The sampler's parameters for {@link #IM} on {@code ie}, with {@code more} of its own. */
  static JavaSamplerContext context(
      JmsSubscriberSampler sampler, IeProcess ie, Map<String, String> more) {
    Map<String, String> values = new HashMap<>(more);
    values.put("ieUrl", ie.serviceUrl());
    values.put("im", IM);
    return SamplerArguments.context(sampler, values);
  }
}
