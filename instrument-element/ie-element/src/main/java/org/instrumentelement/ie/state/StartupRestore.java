package org.instrumentelement.ie.state;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.instrumentelement.ie.config.ImConfig;
import org.instrumentelement.ie.security.AuditLog;
import org.instrumentelement.ie.security.Reservation;
import org.instrumentelement.ie.security.Reservations;
import org.instrumentelement.im.ImContext;
import org.instrumentelement.im.LinkMode;
import org.instrumentelement.im.alarm.AlarmLimits;
import org.instrumentelement.im.model.FreeText;
import org.instrumentelement.im.model.ImException;
import org.instrumentelement.im.sampling.ChangeFilter;
import org.instrumentelement.im.sampling.SamplingSettings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What is restored at start-up, and why. A value set at run time is restored unless the
 * configuration's value for that key changed since the last start (then the file wins: editing the
 * file still works as users expect) or the IM's link mode is {@code apply}. Each decision is
 * logged; what is not restored is forgotten.
 */
public final class StartupRestore {
  private static final Logger LOG = LoggerFactory.getLogger(StartupRestore.class);

  private StartupRestore() {}

  /** The IM's link mode ({@code im.<name>.onLink}, default restore). */
  public static LinkMode linkMode(ImConfig c) {
    String m = c.options().get(ImContext.ON_LINK);
    return m == null ? LinkMode.RESTORE : LinkMode.of(m);
  }

  /**
   * The run-time parameter values to give the IM at {@code path} when it opens, as text; records
   * the configured values of this start for the next one.
   */
  public static Map<String, String> parameters(StateStore store, String path, ImConfig c) {
    LinkMode mode = linkMode(c);
    Map<String, String> now = new TreeMap<>(c.parameters());
    Map<String, StoredParameter> kept = store.read(s -> s.parameters(path));
    Map<String, String> then = store.read(s -> s.configured(path));
    Map<String, String> restored = new TreeMap<>();
    List<String> forgotten = new ArrayList<>();
    for (Map.Entry<String, StoredParameter> e : kept.entrySet()) {
      String name = e.getKey();
      StoredParameter p = e.getValue();
      if (mode == LinkMode.APPLY) {
        forgotten.add(name);
        LOG.info(
            "{}: {} = {} {} not restored: im.{}.onLink = apply",
            path,
            name,
            p.value(),
            describe(p),
            c.name());
      } else if (!Objects.equals(now.get(name), then.get(name))) {
        forgotten.add(name);
        LOG.info(
            "{}: {} = {} {} not restored: the configuration changed it since the last start"
                + " (from {} to {}), and the configuration wins",
            path,
            name,
            p.value(),
            describe(p),
            shown(then.get(name)),
            shown(now.get(name)));
      } else {
        restored.put(name, p.value());
        if (mode == LinkMode.RESTORE) {
          LOG.info("{}: restoring {} = {} {}", path, name, p.value(), describe(p));
        }
      }
    }
    if (mode == LinkMode.READ_BACK) {
      LOG.info(
          "{}: im.{}.onLink = readBack: the instrument's settings are read at link; the run-time"
              + " values of the last run stand only for parameters it cannot be asked for: {}",
          path,
          c.name(),
          restored);
    }
    store.update(
        s -> {
          s.setConfigured(path, now);
          forgotten.forEach(n -> s.removeParameter(path, n));
        });
    return restored;
  }

  /** Forgets a restored value the IM refused (it no longer fits the model). */
  public static void forget(StateStore store, String path, String name) {
    store.update(s -> s.removeParameter(path, name));
  }

  /**
   * A kept value the IM refused as it opened, by the check a client's set passes: set aside (the
   * file no longer holds it, so the next start does not try it again), with a warning in the log
   * and a line in the audit log, which keep it and who set it. The IM goes on with its configured
   * value.
   *
   * @param audit the audit log, or null for the log only
   */
  public static void refused(
      StateStore store, AuditLog audit, String path, String name, String value, ImException why) {
    StoredParameter kept = store.read(s -> s.parameters(path).get(name));
    String origin = kept == null ? "" : " " + describe(kept);
    String shown = shownValue(value);
    LOG.warn(
        "{}: {} = {}{} not restored and set aside: {}; the configured value stays",
        path,
        name,
        shown,
        origin,
        FreeText.escape(why.getMessage()));
    if (audit != null) {
      audit.record(
          store.clock().instant(),
          null,
          null,
          "restoreParameter",
          path,
          name + " = " + shown + origin,
          why.code() + ": " + why.getMessage());
    }
    forget(store, path, name);
  }

  /** A kept value for a log line: on one line, and not at any length. */
  private static String shownValue(String value) {
    String v = value.length() > 200 ? value.substring(0, 200) + "..." : value;
    return FreeText.escape(v);
  }

  /**
   * The sampling settings of an attribute at start-up: each of its four settings as set at run
   * time, unless the configuration changed that setting since the last start. Records the
   * configured settings of this start for the next one.
   */
  public static SamplingSettings sampling(
      StateStore store, String path, String attribute, SamplingSettings configured) {
    StoredSampling kept = store.read(s -> s.sampling(path, attribute));
    SamplingSettings then = store.read(s -> s.configuredSampling(path, attribute));
    if (kept == null) {
      store.update(s -> s.setConfiguredSampling(path, attribute, configured));
      return configured;
    }
    SamplingSettings k = kept.settings();
    boolean samePeriod = then != null && then.period().equals(configured.period());
    boolean sameAbsolute =
        then != null && then.filter().absolute() == configured.filter().absolute();
    boolean sameRelative =
        then != null && then.filter().relative() == configured.filter().relative();
    boolean sameHeartbeat = then != null && then.heartbeat().equals(configured.heartbeat());
    SamplingSettings merged =
        new SamplingSettings(
            samePeriod ? k.period() : configured.period(),
            new ChangeFilter(
                sameAbsolute ? k.filter().absolute() : configured.filter().absolute(),
                sameRelative ? k.filter().relative() : configured.filter().relative()),
            sameHeartbeat ? k.heartbeat() : configured.heartbeat());
    boolean any = samePeriod || sameAbsolute || sameRelative || sameHeartbeat;
    store.update(
        s -> {
          s.setConfiguredSampling(path, attribute, configured);
          if (any) {
            s.putSampling(path, attribute, new StoredSampling(merged, kept.by(), kept.at()));
          } else {
            s.removeSampling(path, attribute);
          }
        });
    String what = path + " " + attribute + " sampling";
    if (!any) {
      LOG.info(
          "{}: {} {} not restored: the configuration changed it since the last start",
          what,
          sampling(k),
          describe(kept.by(), kept.at()));
    } else {
      LOG.info(
          "{}: restoring {} {}{}",
          what,
          sampling(merged),
          describe(kept.by(), kept.at()),
          merged.equals(k) ? "" : " (the configuration changed the rest since the last start)");
    }
    return merged;
  }

  /**
   * The alarm limits of one number ({@code <attribute>.<statistic>}) at start-up: those set at run
   * time, unless the configuration changed that number's limits since the last start. Records the
   * configured limits of this start for the next one.
   *
   * @param configured the configuration's limits, {@link AlarmLimits#NONE} for none
   */
  public static AlarmLimits alarmLimits(
      StateStore store, String path, String number, AlarmLimits configured) {
    StoredAlarmLimits kept = store.read(s -> s.alarmLimits(path).get(number));
    AlarmLimits then = store.read(s -> s.configuredAlarmLimits(path, number));
    boolean restore = kept != null && configured.equals(then == null ? AlarmLimits.NONE : then);
    store.update(
        s -> {
          s.setConfiguredAlarmLimits(path, number, configured);
          if (kept != null && !restore) {
            s.removeAlarmLimits(path, number);
          }
        });
    if (kept == null) {
      return configured;
    }
    String what = path + " " + number + " alarm limits";
    if (!restore) {
      LOG.info(
          "{}: {} {} not restored: the configuration changed them since the last start",
          what,
          kept.limits(),
          describe(kept.by(), kept.at()));
      return configured;
    }
    LOG.info("{}: restoring {} {}", what, kept.limits(), describe(kept.by(), kept.at()));
    return kept.limits();
  }

  /**
   * Puts back the reservations that have not lapsed, and keeps every later change of them in the
   * store.
   */
  public static void reservations(StateStore store, Reservations reservations) {
    Instant now = store.clock().instant();
    for (Reservation r : store.read(StoredState::reservations)) {
      if (r.expires().isAfter(now)) {
        reservations.restore(r);
        LOG.info(
            "Restoring the reservation of {} by {} until {}", r.subtree(), r.holder(), r.expires());
      }
    }
    store.update(s -> s.setReservations(reservations.list()));
    reservations.onChange(list -> store.update(s -> s.setReservations(list)));
  }

  private static String describe(StoredParameter p) {
    return p.source().equals("READ_BACK")
        ? "(read back from the instrument at " + p.at() + ")"
        : p.source().equals("INSTRUMENT")
            ? "(chosen by the instrument in a command of " + p.by() + " at " + p.at() + ")"
            : describe(p.by(), p.at());
  }

  private static String describe(String by, Instant at) {
    return "(set by " + (by.isEmpty() ? "an unknown user" : by) + " at " + at + ")";
  }

  private static String sampling(SamplingSettings s) {
    return "period "
        + millis(s.period())
        + ", deadband "
        + s.filter().absolute()
        + ", relativeDeadband "
        + s.filter().relative()
        + ", heartbeat "
        + millis(s.heartbeat());
  }

  private static String millis(Duration d) {
    if (d.isZero()) {
      return "off";
    }
    long nanos = d.toNanos();
    return nanos % 1_000_000 == 0
        ? nanos / 1_000_000 + " ms"
        : -Math.floorDiv(-nanos, 1000) + " µs";
  }

  private static String shown(String configured) {
    return configured == null ? "the default" : "'" + configured + "'";
  }
}
