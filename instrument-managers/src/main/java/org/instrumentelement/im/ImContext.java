package org.instrumentelement.im;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.instrumentelement.ial.ResourceManager;

/**
 * What an Instrument Manager is given when it starts: where it sits in the hierarchy, which
 * instrument it drives and how, its configured parameter values, and options that only some IMs
 * read (the descriptor of a SCPI IM, the reconnect policy).
 *
 * @param path the IM's place in the hierarchy, e.g. {@code lab/scope}
 * @param address the instrument's resource string, or empty for an IM without an instrument
 * @param resources opens the instrument session
 * @param parameters configured parameter values as text, by parameter name
 * @param timeout how long one instrument read or write may take
 * @param autoLink whether to link when started
 * @param autoStart whether to start (continuous acquisition) once linked
 * @param children the IMs directly below this one
 * @param options further settings by name, as text: {@value #RECONNECT}, {@value
 *     #RECONNECT_MAX_DELAY}, {@value #DESCRIPTOR}
 */
public record ImContext(
    String path,
    String address,
    ResourceManager resources,
    Map<String, String> parameters,
    Duration timeout,
    boolean autoLink,
    boolean autoStart,
    Supplier<List<InstrumentManager>> children,
    Map<String, String> options) {

  /** Option: {@code true} (default) or {@code false}, reconnect by itself after a failure. */
  public static final String RECONNECT = "reconnect";

  /** Option: the longest wait between reconnect attempts, ISO-8601, e.g. {@code PT30S}. */
  public static final String RECONNECT_MAX_DELAY = "reconnectMaxDelay";

  /** Option: the descriptor file of a descriptor-driven IM (a path or a bundled profile name). */
  public static final String DESCRIPTOR = "descriptor";

  public ImContext {
    parameters = Map.copyOf(parameters);
    options = Map.copyOf(options);
  }

  /** A context without options. */
  public ImContext(
      String path,
      String address,
      ResourceManager resources,
      Map<String, String> parameters,
      Duration timeout,
      boolean autoLink,
      boolean autoStart,
      Supplier<List<InstrumentManager>> children) {
    this(path, address, resources, parameters, timeout, autoLink, autoStart, children, Map.of());
  }

  /** The same context with one more option. */
  public ImContext withOption(String key, String value) {
    Map<String, String> more = new java.util.HashMap<>(options);
    more.put(key, value);
    return new ImContext(
        path, address, resources, parameters, timeout, autoLink, autoStart, children, more);
  }

  /** The last segment of the path. */
  public String name() {
    return path.substring(path.lastIndexOf('/') + 1);
  }
}
