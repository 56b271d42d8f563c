package org.instrumentelement.ie.state;

import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.instrumentelement.ie.security.AuditLog;
import org.instrumentelement.im.InstrumentManager;
import org.instrumentelement.im.ParameterChange;
import org.instrumentelement.im.ParameterListener;
import org.instrumentelement.im.model.ImException;
import org.instrumentelement.im.model.Value;
import org.instrumentelement.im.model.ValueType;

/**
 * Where each parameter's value came from (the default, the configuration, the last run, a user, the
 * instrument), and the keeper of run-time values: every value an IM takes after start-up is written
 * to the {@link StateStore} before the operation that caused it returns.
 */
public final class ParameterOrigins implements ParameterListener {

  /** Where a value came from. */
  public enum Source {
    /** The parameter's default: nothing configured or set. */
    DEFAULT,
    /** The configuration (file, environment or command line). */
    FILE,
    /** Kept from the last run (the origin's user and time are the original ones). */
    RESTORED,
    /** Set by a client while the IE runs. */
    SET,
    /** Chosen by the instrument during a command (an autoscale). */
    INSTRUMENT,
    /** Read from the instrument at link (link mode readBack). */
    READ_BACK
  }

  /**
   * Where a parameter's value came from.
   *
   * @param by the user who set it, or empty
   * @param at when it was set, restored from, or read; {@code null} for defaults and the file
   */
  public record Origin(Source source, String by, Instant at) {}

  private static final Origin DEFAULT = new Origin(Source.DEFAULT, "", null);
  private static final Origin FILE = new Origin(Source.FILE, "", null);

  private final StateStore store;
  private final Supplier<String> who;
  private final AuditLog audit;
  private final Map<String, Set<String>> configured = new ConcurrentHashMap<>();
  private final Map<String, Map<String, Origin>> origins = new ConcurrentHashMap<>();

  /**
   * @param who the user of the request being served on the calling thread, or empty
   */
  public ParameterOrigins(StateStore store, Supplier<String> who) {
    this(store, who, null);
  }

  /**
   * @param who the user of the request being served on the calling thread, or empty
   * @param audit where a kept value refused at start-up is recorded, or null for the log only
   */
  public ParameterOrigins(StateStore store, Supplier<String> who, AuditLog audit) {
    this.store = store;
    this.who = who;
    this.audit = audit;
  }

  /** Which parameters of the IM at {@code path} the configuration sets. */
  public void configured(String path, Set<String> names) {
    configured.put(path, Set.copyOf(names));
  }

  /** Where the current value of a parameter came from. */
  public Origin origin(String path, String name) {
    Origin o = origins.getOrDefault(path, Map.of()).get(name);
    if (o != null) {
      return o;
    }
    return configured.getOrDefault(path, Set.of()).contains(name) ? FILE : DEFAULT;
  }

  /** Whether the parameter took a value after start-up (restored, set, read...). */
  public boolean changedSinceStart(String path, String name) {
    return origins.getOrDefault(path, Map.of()).containsKey(name);
  }

  @Override
  public void restoreRefused(InstrumentManager im, String name, String value, ImException reason) {
    StartupRestore.refused(store, audit, im.path(), name, value, reason);
  }

  @Override
  public void parameterChanged(
      InstrumentManager im, String name, Value value, ParameterChange change) {
    String path = im.path();
    Map<String, Origin> byName = origins.computeIfAbsent(path, k -> new ConcurrentHashMap<>());
    if (change == ParameterChange.RESTORED) {
      StoredParameter kept = store.read(s -> s.parameters(path).get(name));
      byName.put(
          name,
          kept == null
              ? new Origin(Source.RESTORED, "", null)
              : new Origin(Source.RESTORED, kept.by(), kept.at()));
      return;
    }
    Source source = Source.valueOf(change.name());
    String by = change == ParameterChange.READ_BACK ? "" : who.get();
    Instant at = store.clock().instant();
    byName.put(name, new Origin(source, by, at));
    if (value.type() == ValueType.DOUBLE_ARRAY) {
      return; // no parameter is a vector today; its text form would not read back
    }
    String text = value.asString();
    StoredParameter before = store.read(s -> s.parameters(path).get(name));
    if (source == Source.READ_BACK
        && before != null
        && before.source().equals(source.name())
        && before.value().equals(text)) {
      return; // read back as kept: nothing new to write at every reconnect
    }
    store.update(s -> s.putParameter(path, name, new StoredParameter(text, source.name(), by, at)));
  }
}
