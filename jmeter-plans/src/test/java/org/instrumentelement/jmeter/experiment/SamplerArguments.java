package org.instrumentelement.jmeter.experiment;

import java.util.Map;
import org.apache.jmeter.config.Argument;
import org.apache.jmeter.config.Arguments;
import org.apache.jmeter.protocol.java.sampler.JavaSamplerContext;
import org.instrumentelement.jmeter.jms.JmsSubscriberSampler;

/** The JMS subscriber sampler's parameters as a JMeter plan gives them, for the tests. */
final class SamplerArguments {
  private SamplerArguments() {}

  /**
   * The sampler's default parameters with {@code values} in place of the defaults they name, and
   * the observer account the test laboratories have.
   */
  static JavaSamplerContext context(JmsSubscriberSampler sampler, Map<String, String> values) {
    Arguments defaults = sampler.getDefaultParameters();
    Arguments set = new Arguments();
    for (int i = 0; i < defaults.getArgumentCount(); i++) {
      Argument arg = defaults.getArgument(i);
      String name = arg.getName();
      String value =
          switch (name) {
            case "user", "password" -> values.getOrDefault(name, "observer");
            default -> values.getOrDefault(name, arg.getValue());
          };
      set.addArgument(name, value);
    }
    return new JavaSamplerContext(set);
  }
}
