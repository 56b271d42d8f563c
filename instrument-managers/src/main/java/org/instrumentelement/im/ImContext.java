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
 *     #RECONNECT_MAX_DELAY}, {@value #DESCRIPTOR}, {@value #ON_LINK}, {@value #NODES}
 * @param restored parameter values kept from the last run, as text, by parameter name: taken over
 *     the configured ones when the IM opens, each checked as a client's set is (one that fails is
 *     skipped, logged and told to the parameter listeners, {@link
 *     ParameterListener#restoreRefused})
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
    Map<String, String> options,
    Map<String, String> restored) {

  /** Option: {@code true} (default) or {@code false}, reconnect by itself after a failure. */
  public static final String RECONNECT = "reconnect";

  /** Option: the longest wait between reconnect attempts, ISO-8601, e.g. {@code PT30S}. */
  public static final String RECONNECT_MAX_DELAY = "reconnectMaxDelay";

  /** Option: the descriptor file of a descriptor-driven IM (a path or a bundled profile name). */
  public static final String DESCRIPTOR = "descriptor";

  /** Option: what linking does, a {@link LinkMode} by its configuration name; default restore. */
  public static final String ON_LINK = "onLink";

  /** Option: the declared nodes of a sensor network, comma-separated, in their order. */
  public static final String NODES = "nodes";

  public ImContext {
    parameters = Map.copyOf(parameters);
    options = Map.copyOf(options);
    restored = Map.copyOf(restored);
  }

  /** A context with options and nothing restored. */
  public ImContext(
      String path,
      String address,
      ResourceManager resources,
      Map<String, String> parameters,
      Duration timeout,
      boolean autoLink,
      boolean autoStart,
      Supplier<List<InstrumentManager>> children,
      Map<String, String> options) {
    this(
        path,
        address,
        resources,
        parameters,
        timeout,
        autoLink,
        autoStart,
        children,
        options,
        Map.of());
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

  /**
   * What linking does with the instrument ({@value #ON_LINK}); {@link LinkMode#RESTORE} unless set.
   *
   * @throws IllegalArgumentException if the option names no mode
   */
  public LinkMode linkMode() {
    String m = options.get(ON_LINK);
    return m == null || m.isBlank() ? LinkMode.RESTORE : LinkMode.of(m);
  }

  /** The same context with one more option. */
  public ImContext withOption(String key, String value) {
    Map<String, String> more = new java.util.HashMap<>(options);
    more.put(key, value);
    return new ImContext(
        path,
        address,
        resources,
        parameters,
        timeout,
        autoLink,
        autoStart,
        children,
        more,
        restored);
  }

  /** The same context with these values kept from the last run. */
  public ImContext withRestored(Map<String, String> values) {
    return new ImContext(
        path,
        address,
        resources,
        parameters,
        timeout,
        autoLink,
        autoStart,
        children,
        options,
        values);
  }

  /** The last segment of the path. */
  public String name() {
    return path.substring(path.lastIndexOf('/') + 1);
  }
}
