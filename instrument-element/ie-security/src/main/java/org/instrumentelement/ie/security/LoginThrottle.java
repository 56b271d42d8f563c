package org.instrumentelement.ie.security;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.instrumentelement.ie.config.LoginLimits;

/**
 * Slows password guessing on every way in (SOAP, the portal's sign-in, OpenWire, STOMP, MQTT). It
 * is asked before a password is checked and told the outcome after.
 *
 * <p>Failures are counted per client address and per user name. Past a few failures, an address may
 * try again only after a delay that doubles with each further failure, and past more it is locked
 * out for a while. An attempt that comes too early is refused without checking the password (no key
 * derivation is spent on it) and the caller gets the same answer as for a wrong password, so
 * nothing tells whether the name exists, the password was right or the address is locked.
 *
 * <p>The per-address limit bites first. The per-user limit only slows guesses at one name from
 * addresses that have not signed in as that user lately, and never blocks unless configured to, so
 * that someone guessing a known user name from elsewhere cannot lock that user out.
 *
 * <p>Memory is bounded: each table keeps at most {@link LoginLimits#maxEntries()} entries, least
 * recently used first out, and an entry is forgotten once it has seen no failure for {@link
 * LoginLimits#forgetAfter()}.
 */
public final class LoginThrottle {

  /** Why an attempt was refused before its password was checked. */
  public enum Refusal {
    /** The address failed too often lately: it must wait before its next attempt. */
    ADDRESS_SLOWED,
    /** The address is locked out. */
    ADDRESS_LOCKED,
    /** The user name failed too often lately from unknown addresses. */
    USER_SLOWED,
    /** The user name is locked out ({@code login.user.lockout}). */
    USER_LOCKED
  }

  /** A row of {@link #list()}: one address or user name with recent failures. */
  public record Entry(
      String kind,
      String key,
      int failures,
      Instant lastFailure,
      Instant blockedUntil,
      boolean locked) {}

  /** What the throttle reports: failures, lock-outs and refused attempts. */
  public interface Listener {
    /** A password check failed (after the throttle let it through). */
    void failed(String user, String address, String transport, int addressFailures);

    /** An address or a user name was locked out. */
    void locked(String kind, String key, String transport, int failures, Instant until);

    /** An attempt was refused without checking its password. */
    void refused(String user, String address, String transport, Refusal why);
  }

  private static final Listener SILENT =
      new Listener() {
        @Override
        public void failed(String user, String address, String transport, int failures) {}

        @Override
        public void locked(String kind, String key, String transport, int failures, Instant u) {}

        @Override
        public void refused(String user, String address, String transport, Refusal why) {}
      };

  private final java.util.concurrent.atomic.AtomicLong lockouts =
      new java.util.concurrent.atomic.AtomicLong();
  private final LoginLimits settings;
  private final Clock clock;
  private final Listener listener;
  private final Table addresses;
  private final Table users;

  /**
   * User and address pairs that signed in lately, with the time of their last sign-in (ms since
   * 1970): exempt from the per-user limit. Read and written without the throttle's lock, since a
   * sign-in that succeeds (every authenticated request) only refreshes its pair here.
   */
  private final ConcurrentHashMap<String, Long> trusted = new ConcurrentHashMap<>();

  /**
   * Whether {@link #addresses} or {@link #users} may hold an entry. While they hold none (the
   * normal state of a lab's network), {@link #admit} answers without taking the lock. Written under
   * the lock after every change of the tables; a stale {@code true} only costs the slow path.
   */
  private volatile boolean anyFailures;

  /** When the tables are next swept of expired entries (under the lock). */
  private Instant nextSweep = Instant.MIN;

  public LoginThrottle(LoginLimits settings, Clock clock, Listener listener) {
    this.settings = settings;
    this.clock = clock;
    this.listener = listener == null ? SILENT : listener;
    this.addresses = new Table(settings.maxEntries());
    this.users = new Table(settings.maxEntries());
  }

  /** A throttle that reports nothing. */
  public LoginThrottle(LoginLimits settings, Clock clock) {
    this(settings, clock, null);
  }

  /**
   * Whether an attempt may have its password checked now.
   *
   * @return null if it may, else why not (the caller then answers as for a wrong password)
   */
  public Refusal admit(String user, String address, String transport) {
    if (!settings.enabled() || !anyFailures) {
      return null; // nobody failed lately: nothing to hold anyone back for
    }
    Refusal why;
    synchronized (this) {
      why = refusal(user, address, clock.instant());
      tablesChanged();
    }
    if (why != null) {
      listener.refused(user, address, transport, why);
    }
    return why;
  }

  private Refusal refusal(String user, String address, Instant now) {
    sweep(now);
    String addressKey = addressKey(address);
    Counter a = addresses.live(addressKey, now, settings.forgetAfter());
    Refusal why = null;
    if (a != null && a.lockedUntil != null && now.isBefore(a.lockedUntil)) {
      why = Refusal.ADDRESS_LOCKED;
    } else if (a != null && a.nextAttempt != null && now.isBefore(a.nextAttempt)) {
      why = Refusal.ADDRESS_SLOWED;
    } else if (user != null && !isTrusted(user, addressKey, now)) {
      Counter u = users.live(user, now, settings.forgetAfter());
      if (u != null && u.lockedUntil != null && now.isBefore(u.lockedUntil)) {
        why = Refusal.USER_LOCKED;
      } else if (u != null && u.nextAttempt != null && now.isBefore(u.nextAttempt)) {
        why = Refusal.USER_SLOWED;
      }
    }
    return why;
  }

  /** Forgets expired entries once a minute, so that old failures stop costing the slow path. */
  private void sweep(Instant now) {
    if (now.isBefore(nextSweep)) {
      return;
    }
    nextSweep = now.plusSeconds(60);
    addresses.sweep(now, settings.forgetAfter());
    users.sweep(now, settings.forgetAfter());
  }

  /** Called under the lock after the tables changed. */
  private void tablesChanged() {
    anyFailures = addresses.size() + users.size() > 0;
  }

  /** A password check failed. */
  public void failed(String user, String address, String transport) {
    if (!settings.enabled()) {
      listener.failed(user, address, transport, 0); // still audited, only not counted
      return;
    }
    List<Runnable> events = new ArrayList<>();
    synchronized (this) {
      Instant now = clock.instant();
      String addressKey = addressKey(address);
      Counter a = addresses.touch(addressKey, now, settings.forgetAfter());
      a.fail(now, settings.addressFreeFailures(), settings.baseDelay(), settings.maxDelay());
      int addressFailures = a.failures;
      events.add(() -> listener.failed(user, address, transport, addressFailures));
      if (a.failures == settings.addressLockFailures()) {
        a.lockedUntil = now.plus(settings.lockTime());
        lockouts.incrementAndGet();
        Instant until = a.lockedUntil;
        events.add(() -> listener.locked("address", addressKey, transport, addressFailures, until));
      }
      if (user != null && !isTrusted(user, addressKey, now)) {
        Counter u = users.touch(user, now, settings.forgetAfter());
        u.fail(now, settings.userFreeFailures(), settings.baseDelay(), settings.userMaxDelay());
        if (settings.userLockout() && u.failures == settings.userLockFailures()) {
          u.lockedUntil = now.plus(settings.lockTime());
          lockouts.incrementAndGet();
          int userFailures = u.failures;
          Instant until = u.lockedUntil;
          events.add(() -> listener.locked("user", user, transport, userFailures, until));
        }
      }
      tablesChanged();
    }
    events.forEach(Runnable::run);
  }

  /**
   * A password check succeeded: the user's failures from unknown addresses are forgotten and this
   * address is trusted for the user from now on. The address's own failures stay until they expire,
   * so that signing in to one's own account does not reset a guessing address's count.
   */
  public void succeeded(String user, String address) {
    if (!settings.enabled() || user == null) {
      return;
    }
    if (anyFailures) {
      synchronized (this) {
        users.remove(user);
        tablesChanged();
      }
    }
    long now = clock.millis();
    String key = user + "\n" + addressKey(address);
    Long last = trusted.get(key);
    if (last != null && now - last < TRUST_REFRESH_MILLIS) {
      return; // refreshed a moment ago (by this client's previous request)
    }
    if (trusted.put(key, now) == null && trusted.size() > settings.maxEntries()) {
      forgetOldestTrust(now);
    }
  }

  /** How stale a trusted pair's sign-in time may be before a sign-in refreshes it. */
  private static final long TRUST_REFRESH_MILLIS = 1_000;

  /**
   * Keeps the trusted pairs within {@code maxEntries}: the expired ones go, then the least recently
   * signed in, down to nine tenths of the bound so that the sweep is paid once per many sign-ins.
   * Only a new pair can overflow the table, and only a right password makes one.
   */
  private synchronized void forgetOldestTrust(long now) {
    int max = settings.maxEntries();
    if (trusted.size() <= max) {
      return; // another thread swept meanwhile
    }
    long trustFor = settings.trustFor().toMillis();
    trusted.values().removeIf(t -> now - t >= trustFor);
    int excess = trusted.size() - max * 9 / 10;
    if (excess > 0) {
      trusted.entrySet().stream()
          .sorted(Map.Entry.comparingByValue())
          .limit(excess)
          .toList()
          .forEach(e -> trusted.remove(e.getKey(), e.getValue()));
    }
  }

  private boolean isTrusted(String user, String addressKey, Instant now) {
    Long last = trusted.get(user + "\n" + addressKey);
    return last != null && now.toEpochMilli() - last < settings.trustFor().toMillis();
  }

  /** Lock-outs so far, of addresses and user names. */
  public long lockouts() {
    return lockouts.get();
  }

  /** Addresses and user names with recent failures, most recent first. */
  public synchronized List<Entry> list() {
    Instant now = clock.instant();
    List<Entry> out = new ArrayList<>();
    addresses.rows("address", now, settings.forgetAfter(), out);
    users.rows("user", now, settings.forgetAfter(), out);
    tablesChanged();
    out.sort((x, y) -> y.lastFailure().compareTo(x.lastFailure()));
    return out;
  }

  /**
   * Forgets the failures of one address or user name, or of all when {@code key} is null or empty.
   *
   * @return how many entries were forgotten
   */
  public synchronized int clear(String key) {
    if (key == null || key.isBlank()) {
      int n = addresses.size() + users.size();
      addresses.clear();
      users.clear();
      tablesChanged();
      return n;
    }
    int n = 0;
    n += addresses.remove(addressKey(key)) ? 1 : 0;
    n += users.remove(key) ? 1 : 0;
    tablesChanged();
    return n;
  }

  /** Entries held, all tables together (bounded by three times {@code maxEntries}). */
  synchronized int size() {
    return addresses.size() + users.size() + trusted.size();
  }

  /**
   * The key of a client address, as transports give it ({@code 10.0.0.7}, {@code /10.0.0.7:51234},
   * {@code host/10.0.0.7:51234}, {@code [2001:db8::1]:51234}): the host's address without port.
   * IPv6 addresses count by their /64 network, since one host usually has a whole /64 to pick
   * addresses from.
   */
  static String addressKey(String address) {
    if (address == null || address.isBlank()) {
      return "unknown";
    }
    String a = address.trim();
    int slash = a.lastIndexOf('/');
    if (slash >= 0) {
      a = a.substring(slash + 1);
    }
    if (a.startsWith("[")) {
      int close = a.indexOf(']');
      a = close < 0 ? a.substring(1) : a.substring(1, close);
    } else if (a.indexOf(':') == a.lastIndexOf(':') && a.indexOf(':') > 0) {
      a = a.substring(0, a.indexOf(':')); // IPv4 with a port
    } else if (a.chars().filter(c -> c == ':').count() == 8) {
      a = a.substring(0, a.lastIndexOf(':')); // a full IPv6 address with a port, unbracketed
    }
    if (a.indexOf(':') < 0) {
      return a;
    }
    try {
      byte[] b = java.net.InetAddress.getByName(a).getAddress();
      if (b.length != 16) {
        return java.net.InetAddress.getByAddress(b).getHostAddress();
      }
      StringBuilder s = new StringBuilder();
      for (int i = 0; i < 8; i += 2) {
        s.append(Integer.toHexString(((b[i] & 0xff) << 8) | (b[i + 1] & 0xff))).append(':');
      }
      return s.append(":/64").toString();
    } catch (java.net.UnknownHostException | SecurityException e) {
      return a;
    }
  }

  /** Failures of one address or name. */
  private static final class Counter {
    int failures;
    Instant lastFailure;
    Instant nextAttempt;
    Instant lockedUntil;

    void fail(Instant now, int free, Duration base, Duration max) {
      if (lockedUntil != null && !now.isBefore(lockedUntil)) {
        // A lock-out served: start counting afresh, so the next run of failures locks again.
        failures = 0;
        nextAttempt = null;
        lockedUntil = null;
      }
      failures++;
      lastFailure = now;
      if (failures >= free) {
        int doublings = Math.min(30, failures - free);
        Duration delay = base.multipliedBy(1L << doublings);
        nextAttempt = now.plus(delay.compareTo(max) > 0 ? max : delay);
      }
    }
  }

  /** A bounded table of counters, least recently used first out. */
  private static final class Table {
    private final int max;
    private final LinkedHashMap<String, Counter> map;

    Table(int max) {
      this.max = max;
      this.map =
          new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Counter> eldest) {
              return size() > Table.this.max;
            }
          };
    }

    /** The counter of {@code key} if it has not expired. */
    Counter live(String key, Instant now, Duration forgetAfter) {
      Counter c = map.get(key);
      if (c != null && expired(c, now, forgetAfter)) {
        map.remove(key);
        return null;
      }
      return c;
    }

    /** The counter of {@code key}, new if it had none or it expired. */
    Counter touch(String key, Instant now, Duration forgetAfter) {
      Counter c = live(key, now, forgetAfter);
      if (c == null) {
        c = new Counter();
        c.lastFailure = now;
        map.put(key, c);
      }
      return c;
    }

    private static boolean expired(Counter c, Instant now, Duration forgetAfter) {
      Instant end = c.lastFailure.plus(forgetAfter);
      if (c.lockedUntil != null && c.lockedUntil.isAfter(end)) {
        end = c.lockedUntil;
      }
      return !now.isBefore(end);
    }

    boolean remove(String key) {
      return map.remove(key) != null;
    }

    void sweep(Instant now, Duration forgetAfter) {
      map.values().removeIf(c -> expired(c, now, forgetAfter));
    }

    void clear() {
      map.clear();
    }

    int size() {
      return map.size();
    }

    void rows(String kind, Instant now, Duration forgetAfter, List<Entry> out) {
      for (Iterator<Map.Entry<String, Counter>> it = map.entrySet().iterator(); it.hasNext(); ) {
        Map.Entry<String, Counter> e = it.next();
        Counter c = e.getValue();
        if (expired(c, now, forgetAfter)) {
          it.remove();
          continue;
        }
        boolean locked = c.lockedUntil != null && now.isBefore(c.lockedUntil);
        Instant blocked = locked ? c.lockedUntil : c.nextAttempt;
        if (blocked != null && !now.isBefore(blocked)) {
          blocked = null;
        }
        out.add(new Entry(kind, e.getKey(), c.failures, c.lastFailure, blocked, locked));
      }
    }
  }
}
