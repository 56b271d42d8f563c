package org.instrumentelement.im;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.instrumentelement.ial.ResourceManager;

/**
 * What an Instrument Manager is given when it starts: where it sits in the hierarchy, which
 * instrument it drives and how, and its configured parameter values.
 *
 * @param path the IM's place in the hierarchy, e.g. {@code lab/scope}
 * @param address the instrument's resource string, or empty for an IM without an instrument
 * @param resources opens the instrument session
 * @param parameters configured parameter values as text, by parameter name
 * @param timeout how long one instrument read or write may take
 * @param autoLink whether to link when started
 * @param autoStart whether to start (continuous acquisition) once linked
 * @param children the IMs directly below this one
 */
public record ImContext(
    String path,
    String address,
    ResourceManager resources,
    Map<String, String> parameters,
    Duration timeout,
    boolean autoLink,
    boolean autoStart,
    Supplier<List<InstrumentManager>> children) {

  public ImContext {
    parameters = Map.copyOf(parameters);
  }

  /** The last segment of the path. */
  public String name() {
    return path.substring(path.lastIndexOf('/') + 1);
  }
}
