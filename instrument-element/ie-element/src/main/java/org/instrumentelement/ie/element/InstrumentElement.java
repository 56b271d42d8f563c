package org.instrumentelement.ie.element;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.instrumentelement.ial.ResourceManager;
import org.instrumentelement.ial.mock.MockSessionProvider;
import org.instrumentelement.ie.config.CommandLimits;
import org.instrumentelement.ie.config.ConfigException;
import org.instrumentelement.ie.config.IeConfig;
import org.instrumentelement.ie.config.ImConfig;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.ie.provenance.ProvenanceLogs;
import org.instrumentelement.ie.security.AuditLog;
import org.instrumentelement.ie.state.ParameterOrigins;
import org.instrumentelement.ie.state.StartupRestore;
import org.instrumentelement.ie.state.StateStore;
import org.instrumentelement.im.ImContext;
import org.instrumentelement.im.InstrumentManager;
import org.instrumentelement.im.InstrumentManagerTypes;
import org.instrumentelement.im.alarm.Statistic;
import org.instrumentelement.im.command.CommandRunner;
import org.instrumentelement.im.command.CommandStatus;
import org.instrumentelement.im.model.ImException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Instrument Managers of one Instrument Element, arranged in their hierarchy, with the resource
 * manager they open instruments through. Knows nothing of SOAP or HTTP: the service layer and tests
 * use it alike.
 */
public final class InstrumentElement implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(InstrumentElement.class);

  /** An IM name: what {@code im.<name>.*} takes. */
  private static final java.util.regex.Pattern IM_NAME =
      java.util.regex.Pattern.compile("[A-Za-z0-9_-]{1,64}");

  /**
   * An attribute name: one segment of its topic with nothing ActiveMQ or MQTT reads specially
   * (wildcards, the composite separator, options, the MQTT levels), and what the configuration's
   * {@code attribute.<name>.*} keys and the history's lists can name.
   */
  private static final java.util.regex.Pattern ATTRIBUTE_NAME =
      java.util.regex.Pattern.compile("[A-Za-z0-9_]+");

  private final IeConfig config;
  private StateStore store = StateStore.inMemory();
  private final ResourceManager resources;
  private final Map<String, ImNode> nodes = new LinkedHashMap<>();

  /**
   * The IMs by path once {@link #start} has finished, read by every request without the lock; null
   * before the start and after {@link #close} (then {@link #node} waits for the lock).
   */
  private volatile Map<String, ImNode> ready;

  private volatile ParameterOrigins origins = new ParameterOrigins(StateStore.inMemory(), () -> "");
  private volatile ProvenanceLogs provenance;
  private boolean started;

  /**
   * The name an IM's command status stream goes by beside its attributes (the last segment of its
   * command topic), which no attribute may take.
   */
  public static final String COMMANDS = "commands";

  private final List<Consumer<CommandStatus>> commandListeners = new CopyOnWriteArrayList<>();
  private volatile CommandRunner commands;

  /** An Instrument Element with the transports found on the class path and mock instruments. */
  public InstrumentElement(IeConfig config) {
    this(config, resources(config));
  }

  /**
   * The transports found on the class path and the mock instruments of the configuration's mock
   * path ({@link MockSessionProvider}): what an element opens instruments through, to which the
   * runtime adds its own providers (replays of recordings, {@code REPLAY::}) before it hands them
   * to {@link #InstrumentElement(IeConfig, ResourceManager)}. The element knows none of those.
   */
  public static ResourceManager resources(IeConfig config) {
    return ResourceManager.withInstalledProviders()
        .register(new MockSessionProvider(config.mockPath()));
  }

  /** An Instrument Element whose IMs open their instruments through {@code resources}. */
  public InstrumentElement(IeConfig config, ResourceManager resources) {
    this.config = config;
    this.resources = resources;
  }

  /**
   * Creates and opens every configured IM, parents first, keeping nothing across restarts. An IM
   * whose instrument cannot be reached starts in ERROR; a wrong configuration stops everything.
   */
  public synchronized void start() throws ConfigException {
    start(StateStore.inMemory(), () -> "", null);
  }

  /**
   * Creates and opens every configured IM, with the run-time values kept in {@code store} that
   * {@link StartupRestore} lets through and each IM accepts, and keeps every later value there.
   *
   * @param who the user of the request being served on the calling thread, or empty
   * @param audit where a kept value an IM refuses is recorded, or null for the log only
   */
  public synchronized void start(StateStore store, Supplier<String> who, AuditLog audit)
      throws ConfigException {
    if (started) {
      return;
    }
    origins = new ParameterOrigins(store, who, audit);
    provenance = new ProvenanceLogs(config.name(), who, java.time.Clock.systemUTC());
    CommandLimits limits = config.commands();
    commands =
        new CommandRunner(
            limits.statusRetention(),
            limits.maxDuration(),
            limits.maxKept(),
            java.time.Clock.systemUTC(),
            this::commandStatusChanged);
    InstrumentManagerTypes types = InstrumentManagerTypes.installed();
    Map<String, String> pathByName = new LinkedHashMap<>();
    Map<String, List<String>> childrenByPath = new LinkedHashMap<>();
    List<ImNode> created = new ArrayList<>();
    this.store = store;
    for (ImConfig c : withAddedIms(store)) {
      String parentPath = c.parent().isEmpty() ? "" : pathByName.get(c.parent());
      String path = parentPath.isEmpty() ? c.name() : parentPath + "/" + c.name();
      pathByName.put(c.name(), path);
      List<String> children = new ArrayList<>();
      childrenByPath.put(path, children);
      if (!parentPath.isEmpty()) {
        childrenByPath.get(parentPath).add(path);
      }
      InstrumentManager im;
      try {
        im = types.create(c.type());
      } catch (IllegalArgumentException e) {
        throw new ConfigException("im." + c.name() + ".type: " + e.getMessage(), e);
      }
      created.add(new ImNode(path, parentPath, c, im, Collections.unmodifiableList(children)));
    }
    created.forEach(n -> nodes.put(n.path(), n));
    // Children open (and link) before their parents, so a group links IMs that are ready.
    List<ImNode> childrenFirst = new ArrayList<>(created);
    Collections.reverse(childrenFirst);
    Set<String> paths = Set.copyOf(nodes.keySet());
    store.update(s -> s.retainIms(paths));
    try {
      for (ImNode n : childrenFirst) {
        open(n);
      }
    } catch (ImException e) {
      close();
      throw new ConfigException("configuration of an IM is wrong: " + e.getMessage(), e);
    }
    for (ImNode n : created) {
      String clash = clash(n.path(), n.parentPath().isEmpty() ? null : nodes.get(n.parentPath()));
      if (clash != null) {
        close();
        String key = "im." + n.config().name() + (n.parentPath().isEmpty() ? "" : ".parent");
        throw new ConfigException(key + ": " + clash);
      }
    }
    started = true;
    ready = Map.copyOf(nodes);
  }

  /**
   * The configured IMs, then those added at run time and kept in {@code store}, each built from its
   * settings as the configuration builds IMs. One that no longer can be (a name the file now uses,
   * a descriptor gone) is left out, said in the log, and forgotten.
   */
  private List<ImConfig> withAddedIms(StateStore store) {
    List<ImConfig> ims = new ArrayList<>(config.ims());
    Set<String> names = new java.util.HashSet<>();
    ims.forEach(c -> names.add(c.name()));
    for (Map.Entry<String, Map<String, String>> e : store.read(s -> s.addedIms()).entrySet()) {
      String name = e.getKey();
      try {
        if (names.contains(name)) {
          throw new ConfigException("the configuration has an IM of that name now");
        }
        String clash = clash(name, null);
        if (clash != null) {
          throw new ConfigException(clash);
        }
        ims.add(imConfig(name, e.getValue()));
        names.add(name);
      } catch (ConfigException ex) {
        LOG.warn("The IM {} added at run time is left out: {}", name, ex.getMessage());
        store.update(s -> s.removeAddedIm(name));
      }
    }
    return ims;
  }

  /**
   * Why the IM at {@code path}, below {@code parent} (null at the top), may not have its name: its
   * topics would lie on another stream's ({@link TopicClashes}); null when the name is free.
   */
  private String clash(String path, ImNode parent) {
    return TopicClashes.clash(path, parent, config.broker().topicPrefix(), config.name());
  }

  /** An IM built from its {@code im.<name>.*} settings as the configuration builds IMs. */
  private ImConfig imConfig(String name, Map<String, String> settings) throws ConfigException {
    Map<String, String> keys = new LinkedHashMap<>();
    settings.forEach((k, v) -> keys.put("im." + name + "." + k, v));
    for (ImConfig c : config.with(keys).ims()) {
      if (c.name().equals(name)) {
        return c;
      }
    }
    throw new ConfigException("im." + name + " was not built");
  }

  /** Opens one created IM, with the values kept for it, and follows its values from now on. */
  private void open(ImNode n) throws ImException {
    ImConfig c = n.config();
    Map<String, String> restored = StartupRestore.parameters(store, n.path(), c);
    origins.configured(n.path(), c.parameters().keySet());
    n.im().addParameterListener(origins);
    provenance.follow(n.path(), n.im(), c);
    n.im()
        .open(
            new ImContext(
                n.path(),
                c.address(),
                resources,
                c.parameters(),
                c.timeout(),
                c.autoLink(),
                c.autoStart(),
                () -> n.children().stream().map(p -> nodes.get(p).im()).toList(),
                c.options(),
                restored));
    provenance.opened(n.path());
    if (n.im().model().attributes().stream().anyMatch(a -> a.name().equals(COMMANDS))) {
      throw new ImException(
          FaultCode.INVALID_VALUE,
          n.path()
              + " has an attribute named '"
              + COMMANDS
              + "', which names the IM's command topic: rename it");
    }
    for (var a : n.im().model().attributes()) {
      if (a.name().indexOf(Statistic.SEPARATOR) >= 0) {
        throw new ImException(
            FaultCode.INVALID_VALUE,
            n.path()
                + " has an attribute named '"
                + a.name()
                + "': a dot separates topic levels and names a vector's statistic"
                + " (waveform.max) in alarms and the history: rename it");
      }
      if (!ATTRIBUTE_NAME.matcher(a.name()).matches()) {
        throw new ImException(
            FaultCode.INVALID_VALUE,
            n.path()
                + " has an attribute named '"
                + a.name()
                + "': the last segment of its topic takes letters, digits and '_' only"
                + " (ActiveMQ and MQTT read other characters specially): rename it");
      }
    }
    for (String name : restored.keySet()) {
      if (!origins.changedSinceStart(n.path(), name)) {
        StartupRestore.forget(store, n.path(), name);
      }
    }
  }

  /**
   * Adds a top-level IM at run time, built from its {@code im.<name>.*} settings (after the prefix)
   * as the configuration builds IMs, opened (and linked as its settings say), and kept for the next
   * starts. Nothing changes when it is refused.
   *
   * @throws ImException INVALID_VALUE for a name that is taken or not a name, a name that would put
   *     the IM's topics on another stream's ({@link TopicClashes}), a parent, a setting the
   *     configuration would refuse, an IM that refuses its settings, an address no transport takes,
   *     or a sensor network (whose node messages are routed from the start)
   */
  public synchronized ImNode add(String name, Map<String, String> settings) throws ImException {
    if (!started) {
      throw new ImException(FaultCode.NOT_ALLOWED_IN_STATE, "the Instrument Element is stopping");
    }
    if (name == null || !IM_NAME.matcher(name).matches()) {
      throw new ImException(
          FaultCode.INVALID_VALUE,
          "an IM name is 1 to 64 letters, digits, '-' and '_', not '" + name + "'");
    }
    if (nodes.values().stream().anyMatch(n -> n.config().name().equals(name))) {
      throw new ImException(FaultCode.INVALID_VALUE, "an IM named '" + name + "' exists already");
    }
    String clash = clash(name, null);
    if (clash != null) {
      throw new ImException(FaultCode.INVALID_VALUE, clash);
    }
    if (settings.containsKey("parent")) {
      throw new ImException(
          FaultCode.INVALID_VALUE, "an IM added at run time is at the top: it takes no parent");
    }
    ImConfig c;
    try {
      c = imConfig(name, settings);
    } catch (ConfigException e) {
      throw new ImException(FaultCode.INVALID_VALUE, e.getMessage());
    }
    if (c.address() != null && !c.address().isBlank()) {
      try {
        resources.check(c.address());
      } catch (org.instrumentelement.ial.InstrumentException e) {
        throw new ImException(FaultCode.INVALID_VALUE, "address: " + e.getMessage());
      }
    }
    InstrumentManager im;
    try {
      im = InstrumentManagerTypes.installed().create(c.type());
    } catch (IllegalArgumentException e) {
      throw new ImException(FaultCode.INVALID_VALUE, "type: " + e.getMessage());
    }
    if (im instanceof org.instrumentelement.im.sensors.NodeInbox) {
      im.close();
      throw new ImException(
          FaultCode.INVALID_VALUE,
          "a sensor network is added in the configuration file: its nodes' messages are routed"
              + " from the start");
    }
    ImNode n = new ImNode(name, "", c, im, List.of());
    store.update(s -> s.retainIms(pathsWith(name)));
    try {
      open(n);
    } catch (ImException | RuntimeException e) {
      im.close();
      store.update(s -> s.retainIms(Set.copyOf(nodes.keySet())));
      throw e instanceof ImException ie
          ? new ImException(FaultCode.INVALID_VALUE, ie.getMessage())
          : new ImException(FaultCode.INVALID_VALUE, "the IM could not be opened");
    }
    nodes.put(name, n);
    store.update(s -> s.putAddedIm(name, settings));
    ready = Map.copyOf(nodes);
    return n;
  }

  private Set<String> pathsWith(String path) {
    Set<String> paths = new java.util.HashSet<>(nodes.keySet());
    paths.add(path);
    return paths;
  }

  /** Whether the IM at {@code path} was added at run time (and so may be removed). */
  public synchronized boolean addedAtRunTime(String path) {
    ImNode n = nodes.get(path);
    return n != null && store.read(s -> s.addedIms()).containsKey(n.config().name());
  }

  /**
   * Removes an IM added at run time: closes it and forgets it and what was kept of it.
   *
   * @throws ImException UNKNOWN_IM, or INVALID_VALUE for an IM of the configuration
   */
  public synchronized ImNode remove(String path) throws ImException {
    ImNode n = node(path);
    if (!addedAtRunTime(path)) {
      throw new ImException(
          FaultCode.INVALID_VALUE,
          path + " is in the configuration: only IMs added at run time can be removed");
    }
    nodes.remove(path);
    ready = Map.copyOf(nodes);
    n.im().close();
    Set<String> paths = Set.copyOf(nodes.keySet());
    store.update(
        s -> {
          s.removeAddedIm(n.config().name());
          s.retainIms(paths);
        });
    return n;
  }

  /** The runner of long-running commands: each run's status, cancel. Null before {@link #start}. */
  public CommandRunner commands() {
    return commands;
  }

  /** Registers a listener for every status change of every long-running command. */
  public void addCommandStatusListener(Consumer<CommandStatus> listener) {
    commandListeners.add(listener);
  }

  private void commandStatusChanged(CommandStatus status) {
    for (Consumer<CommandStatus> l : commandListeners) {
      l.accept(status);
    }
  }

  /**
   * Cancels every running long-running command and waits (a while) for each to leave its instrument
   * in a defined state. Called before the publisher stops, so that the cancels are published;
   * {@link #close} calls it too.
   */
  public void stopCommands() {
    CommandRunner r = commands;
    if (r != null) {
      r.close();
    }
  }

  /** Where each parameter's value came from. */
  public ParameterOrigins origins() {
    return origins;
  }

  /** What each IM's provenance revisions stand for; null before {@link #start}. */
  public ProvenanceLogs provenance() {
    return provenance;
  }

  /** The configuration this element runs with. */
  public IeConfig config() {
    return config;
  }

  /** The name used in topic names and shown to clients. */
  public String name() {
    return config.name();
  }

  /** The resource manager the IMs open instruments through (tests reach mock devices here). */
  public ResourceManager resources() {
    return resources;
  }

  /** Every IM, parents before their children. */
  public synchronized List<ImNode> nodes() {
    return List.copyOf(nodes.values());
  }

  /**
   * The IM at {@code path}.
   *
   * @throws ImException UNKNOWN_IM
   */
  public ImNode node(String path) throws ImException {
    Map<String, ImNode> byPath = ready;
    if (byPath != null) {
      ImNode n = path == null ? null : byPath.get(path);
      if (n != null) {
        return n;
      }
    }
    synchronized (this) {
      ImNode n = path == null ? null : nodes.get(path);
      if (n != null) {
        return n;
      }
      throw new ImException(
          FaultCode.UNKNOWN_IM,
          "no Instrument Manager '" + path + "' (have " + String.join(", ", nodes.keySet()) + ")");
    }
  }

  /** Closes every IM, children before parents, then the transports. */
  @Override
  public synchronized void close() {
    ready = null;
    stopCommands();
    List<ImNode> reversed = new ArrayList<>(nodes.values());
    Collections.reverse(reversed);
    for (ImNode n : reversed) {
      n.im().close();
    }
    nodes.clear();
    resources.close();
    started = false;
  }
}
