package org.instrumentelement.ie.config;

import java.time.Duration;
import java.util.Map;

/**
 * One Instrument Manager as configured by the {@code im.<name>.*} keys.
 *
 * @param name the IM's name, unique in the Instrument Element
 * @param parent the name of the IM above it, or empty
 * @param type a registered IM type or a class name
 * @param address the instrument's resource string (empty for a group)
 * @param parameters initial parameter values as text
 * @param attributes sampling settings by attribute name
 * @param options IM settings that only some IM types read (descriptor, reconnect,
 *     reconnectMaxDelay), already checked, passed on as {@link
 *     org.instrumentelement.im.ImContext#options()}
 */
public record ImConfig(
    String name,
    String parent,
    String type,
    String address,
    String description,
    boolean autoLink,
    boolean autoStart,
    Duration timeout,
    Map<String, String> parameters,
    Map<String, AttributeConfig> attributes,
    Map<String, String> options) {

  public ImConfig {
    parameters = Map.copyOf(parameters);
    attributes = Map.copyOf(attributes);
    options = Map.copyOf(options);
  }
}
