package org.instrumentelement.ie.config;

import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;

/**
 * The table of global configuration keys: each declared once, with its default, type and meaning,
 * in the order {@code --help} lists them. The loader accepts these and no other global key; the
 * Instrument Managers' keys are {@link ImSettings}; the keys of a hosted web application (the VCR
 * portal's {@code portal.*}) are its own ({@link #WEB_APPLICATIONS}). docs/configuration.md lists
 * the same, and ConfigurationReferenceTest holds the two together.
 */
public final class ConfigKeys {
  private static final List<ConfigKey<?>> ALL = new ArrayList<>();

  private ConfigKeys() {}

  private static <T> ConfigKey<T> key(
      String name, String defaultText, ConfigType<T> type, String meaning) {
    ConfigKey<T> k = new ConfigKey<>(name, defaultText, type, meaning);
    ALL.add(k);
    return k;
  }

  /**
   * Namespaces that belong to web applications the IE can host beside the service when their jar is
   * on its class path: {@code portal} is the VCR portal (module vcr-portal), whose {@code
   * PortalKeys} declares and checks every {@code portal.*} key, {@code portal.contextPath} (where
   * the IE serves it) included. The IE passes these keys on unread.
   */
  public static final Set<String> WEB_APPLICATIONS = Set.of("portal");

  public static final ConfigKey<String> IE_NAME =
      key("ie.name", "ie", ConfigType.name(), "name of this Instrument Element (topic names)");
  public static final ConfigKey<String> HTTP_HOST =
      key("http.host", "localhost", ConfigType.text(), "interface to listen on; 0.0.0.0 for all");
  public static final ConfigKey<Integer> HTTP_PORT =
      key("http.port", "8080", ConfigType.integer(0, 65535), "HTTP port; 0 picks a free one");
  public static final ConfigKey<String> HTTP_CONTEXT_PATH =
      key("http.contextPath", "/ie", ConfigType.contextPath(), "web application path");
  public static final ConfigKey<MdnsAdvertising> MDNS_ADVERTISE =
      key(
          "mdns.advertise",
          "auto",
          ConfigType.choice(MdnsAdvertising.class, MdnsAdvertising::configName),
          "announce the IE over mDNS as _instrument-element._tcp");
  public static final ConfigKey<Integer> SOAP_MAX_REQUEST_BYTES =
      key(
          "soap.maxRequestBytes",
          "16777216",
          ConfigType.integer(1024, Integer.MAX_VALUE),
          "largest request body accepted");
  // With broker.memoryLimit (40%) this leaves 30% of the heap for the idle IE, the buffers of its
  // connections and the collector's headroom.
  public static final ConfigKey<Long> SOAP_REQUEST_MEMORY =
      key(
          "soap.requestMemory",
          "30%",
          ConfigType.heapShare(),
          "heap the SOAP requests in progress may take together");
  public static final ConfigKey<Boolean> SOAP_POLLING_LANE =
      key(
          "soap.pollingLane",
          "true",
          ConfigType.bool(),
          "answer plain getAttribute and getAttributes requests without the generic SOAP stack");
  public static final ConfigKey<Duration> INSTRUMENT_TIMEOUT =
      key(
          "instrument.timeout",
          "2s",
          ConfigType.duration(),
          "default time an instrument has to answer");
  public static final ConfigKey<List<Path>> MOCK_PATH =
      key(
          "mock.path",
          "",
          ConfigType.paths(),
          "directories searched for mock models before the built-in ones");
  public static final ConfigKey<String> BROKER_URL =
      key(
          "broker.url",
          "",
          ConfigType.text(),
          "an external broker or broker network; empty runs the embedded broker");
  public static final ConfigKey<String> BROKER_HOST =
      key(
          "broker.host",
          "localhost",
          ConfigType.text(),
          "interface the embedded broker listens on");
  public static final ConfigKey<Integer> BROKER_PORT =
      key(
          "broker.port",
          "61616",
          ConfigType.integer(0, 65535),
          "OpenWire port of the embedded broker (0: a free one)");
  public static final ConfigKey<Integer> BROKER_STOMP_PORT =
      key("broker.stompPort", "61613", ConfigType.integer(-1, 65535), "STOMP port (-1: off)");
  public static final ConfigKey<Integer> BROKER_MQTT_PORT =
      key("broker.mqttPort", "1883", ConfigType.integer(-1, 65535), "MQTT port (-1: off)");
  public static final ConfigKey<String> BROKER_CLIENT_URL =
      key("broker.clientUrl", "", ConfigType.text(), "the OpenWire URL given to clients");
  public static final ConfigKey<Integer> BROKER_PUBLISH_QUEUE =
      key(
          "broker.publishQueue",
          "4096",
          ConfigType.integer(1, 100_000),
          "unsent samples the publisher keeps per topic before dropping the oldest");
  public static final ConfigKey<Long> BROKER_PUBLISH_QUEUE_MEMORY =
      key(
          "broker.publishQueueMemory",
          "5%",
          ConfigType.heapShare(),
          "heap the publisher's unsent samples of all topics may take together; beyond it a topic"
              + " adding one drops its own oldest");
  public static final ConfigKey<Integer> BROKER_MAX_PENDING_MESSAGES =
      key(
          "broker.maxPendingMessages",
          "100",
          ConfigType.integer(1, 1_000_000),
          "fewest messages held for one slow subscriber before the oldest are dropped");
  public static final ConfigKey<Duration> BROKER_PENDING_TIME =
      key(
          "broker.pendingTime",
          "5s",
          ConfigType.optionalDuration(),
          "how far behind a topic a subscriber may fall without losing messages: the broker holds"
              + " the messages of this long for it (off: broker.maxPendingMessages only)");
  public static final ConfigKey<Long> BROKER_PENDING_MEMORY =
      key(
          "broker.pendingMemory",
          "5%",
          ConfigType.heapShare(),
          "heap the messages held for subscribers behind one topic may take, whatever"
              + " broker.pendingTime asks");
  public static final ConfigKey<String> BROKER_TOPIC_PREFIX =
      key("broker.topicPrefix", "ie", ConfigType.topicPrefix(), "first segment of every topic");
  public static final ConfigKey<String> BROKER_USERNAME =
      key(
          "broker.username",
          "",
          ConfigType.text(),
          "the publisher's account on an external broker");
  public static final ConfigKey<String> BROKER_PASSWORD =
      key("broker.password", "", ConfigType.text(), "its password");
  public static final ConfigKey<Integer> BROKER_MAX_FRAME_BYTES =
      key(
          "broker.maxFrameBytes",
          "262144",
          ConfigType.integer(1024, 64 * 1024 * 1024),
          "largest frame a client may send to the embedded broker");
  public static final ConfigKey<Integer> BROKER_MAX_CONNECTIONS =
      key(
          "broker.maxConnections",
          "500",
          ConfigType.integer(1, 100_000),
          "client connections to the embedded broker at once");
  public static final ConfigKey<Integer> BROKER_MAX_CONNECTIONS_PER_ADDRESS =
      key(
          "broker.maxConnectionsPerAddress",
          "100",
          ConfigType.integer(1, 100_000),
          "client connections at once from one address");
  public static final ConfigKey<Integer> BROKER_MAX_CONNECTIONS_PER_USER =
      key(
          "broker.maxConnectionsPerUser",
          "100",
          ConfigType.integer(1, 100_000),
          "client connections at once logged in as one user");
  public static final ConfigKey<Integer> BROKER_MAX_CONSUMERS_PER_CONNECTION =
      key(
          "broker.maxConsumersPerConnection",
          "200",
          ConfigType.integer(1, 100_000),
          "subscriptions one connection may ask for");
  public static final ConfigKey<Integer> BROKER_MAX_PREFETCH =
      key(
          "broker.maxPrefetch",
          "1000",
          ConfigType.integer(1, 1_000_000),
          "messages pushed to one subscription and not yet acknowledged; a larger prefetch is"
              + " lowered to it");
  public static final ConfigKey<Duration> BROKER_LOGIN_TIMEOUT =
      key(
          "broker.loginTimeout",
          "10s",
          ConfigType.duration(),
          "a connection not logged in by then is closed");
  public static final ConfigKey<Integer> BROKER_MEMORY_LIMIT =
      key(
          "broker.memoryLimit",
          "40%",
          ConfigType.percent(1, 99),
          "the embedded broker's share of the heap for held messages");
  public static final ConfigKey<Integer> BROKER_TLS_PORT =
      key(
          "broker.tls.port",
          "61617",
          ConfigType.integer(0, 65535),
          "OpenWire over TLS, open with http.tls.keystore");
  public static final ConfigKey<Integer> BROKER_TLS_STOMP_PORT =
      key(
          "broker.tls.stompPort",
          "61612",
          ConfigType.integer(-1, 65535),
          "STOMP over TLS (-1: off)");
  public static final ConfigKey<Integer> BROKER_TLS_MQTT_PORT =
      key("broker.tls.mqttPort", "8883", ConfigType.integer(-1, 65535), "MQTT over TLS (-1: off)");
  public static final ConfigKey<BrokerTls.PlainConnectors> BROKER_PLAIN =
      key(
          "broker.plain",
          "loopback",
          ConfigType.choice(BrokerTls.PlainConnectors.class, BrokerTls.PlainConnectors::configName),
          "with a keystore, where the plain connectors listen");
  public static final ConfigKey<Path> BROKER_TLS_TRUST_STORE =
      key(
          "broker.tls.trustStore",
          "",
          ConfigType.path(),
          "PKCS#12 trust store for an external broker over TLS");
  public static final ConfigKey<String> BROKER_TLS_TRUST_STORE_PASSWORD =
      key("broker.tls.trustStorePassword", "", ConfigType.text(), "its password");
  public static final ConfigKey<Boolean> SECURITY_ENABLED =
      key(
          "security.enabled",
          "true",
          ConfigType.bool(),
          "require authentication and apply roles and reservations");
  public static final ConfigKey<Path> SECURITY_USERS =
      key("security.users", "", ConfigType.path(), "the users file; empty: the development users");
  public static final ConfigKey<Path> AUDIT_FILE =
      key(
          "audit.file",
          SecurityConfig.DATA_DIR_PLACEHOLDER + "/audit.log",
          ConfigType.pathOrOff(),
          "the audit log (JSON lines); ${data.dir} is data.dir; off: only the audit logger");
  public static final ConfigKey<Boolean> LOGIN_THROTTLE =
      key("login.throttle", "true", ConfigType.bool(), "slow down password guessing");
  public static final ConfigKey<Integer> LOGIN_FREE_FAILURES =
      key(
          "login.freeFailures",
          "5",
          ConfigType.integer(1, 1_000_000),
          "failures an address may have before it must wait");
  public static final ConfigKey<Integer> LOGIN_LOCK_FAILURES =
      key(
          "login.lockFailures",
          "20",
          ConfigType.integer(1, 1_000_000),
          "failures after which an address is locked out");
  public static final ConfigKey<Duration> LOGIN_DELAY =
      key("login.delay", "1s", ConfigType.duration(), "the first wait; doubled on each failure");
  public static final ConfigKey<Duration> LOGIN_MAX_DELAY =
      key("login.maxDelay", "30s", ConfigType.duration(), "the longest wait of an address");
  public static final ConfigKey<Duration> LOGIN_LOCK_TIME =
      key("login.lockTime", "15m", ConfigType.duration(), "how long a lock-out lasts");
  public static final ConfigKey<Integer> LOGIN_USER_FREE_FAILURES =
      key(
          "login.user.freeFailures",
          "10",
          ConfigType.integer(1, 1_000_000),
          "failures for one user name before its attempts must wait");
  public static final ConfigKey<Duration> LOGIN_USER_MAX_DELAY =
      key("login.user.maxDelay", "5s", ConfigType.duration(), "the longest wait for a user name");
  public static final ConfigKey<Boolean> LOGIN_USER_LOCKOUT =
      key("login.user.lockout", "false", ConfigType.bool(), "also lock user names out");
  public static final ConfigKey<Integer> LOGIN_USER_LOCK_FAILURES =
      key(
          "login.user.lockFailures",
          "100",
          ConfigType.integer(1, 1_000_000),
          "failures after which a user name is locked out");
  public static final ConfigKey<Duration> LOGIN_FORGET_AFTER =
      key(
          "login.forgetAfter",
          "15m",
          ConfigType.duration(),
          "an entry without a new failure for this long is forgotten");
  public static final ConfigKey<Duration> LOGIN_TRUST_FOR =
      key(
          "login.trustFor",
          "24h",
          ConfigType.duration(),
          "how long an address a user signed in from is exempt");
  public static final ConfigKey<Integer> LOGIN_MAX_ENTRIES =
      key(
          "login.maxEntries",
          "10000",
          ConfigType.integer(1, 10_000_000),
          "most addresses, and apart most user names, remembered");
  public static final ConfigKey<Integer> LOGIN_MAX_CONCURRENT_CHECKS =
      key(
          "login.maxConcurrentChecks",
          "1",
          ConfigType.integer(1, 1024),
          "most passwords checked at once");
  public static final ConfigKey<Duration> COMMANDS_STATUS_RETENTION =
      key(
          "commands.statusRetention",
          "10m",
          ConfigType.duration(),
          "how long a long-running command's status stays queryable after it ended");
  public static final ConfigKey<Duration> COMMANDS_MAX_DURATION =
      key(
          "commands.maxDuration",
          "24h",
          ConfigType.duration(),
          "longest a long-running command may run; then it is cancelled and fails");
  public static final ConfigKey<Duration> COMMANDS_MAX_WAIT =
      key(
          "commands.maxWait",
          "60s",
          ConfigType.duration(),
          "longest an executeCommand call may wait for a long-running command to end");
  public static final ConfigKey<Integer> COMMANDS_MAX_KEPT =
      key(
          "commands.maxKept",
          "1000",
          ConfigType.integer(1, 1_000_000),
          "most command statuses kept; beyond it the oldest ended ones are forgotten early");
  public static final ConfigKey<Path> HTTP_TLS_KEYSTORE =
      key(
          "http.tls.keystore",
          "",
          ConfigType.path(),
          "PKCS#12 keystore: HTTPS, and the broker over TLS");
  public static final ConfigKey<String> HTTP_TLS_KEYSTORE_PASSWORD =
      key("http.tls.keystorePassword", "", ConfigType.text(), "its password");
  public static final ConfigKey<Path> TLS_CLIENT_TRUST_STORE =
      key(
          "tls.clientTrustStore",
          "",
          ConfigType.path(),
          "PKCS#12 trust store of client certificates that may log in");
  public static final ConfigKey<String> TLS_CLIENT_TRUST_STORE_PASSWORD =
      key("tls.clientTrustStorePassword", "", ConfigType.text(), "its password");
  public static final ConfigKey<Integer> HTTP_MAX_CONNECTIONS =
      key(
          "http.maxConnections",
          "1000",
          ConfigType.integer(1, 1_000_000),
          "connections accepted at once");
  public static final ConfigKey<Integer> HTTP_MAX_THREADS =
      key(
          "http.maxThreads",
          "200",
          ConfigType.integer(1, 10_000),
          "most requests served at once (embedded server: one thread per core serves requests in turn, and one more starts for each request in progress for over 20 ms)");
  public static final ConfigKey<Duration> HTTP_CONNECTION_TIMEOUT =
      key(
          "http.connectionTimeout",
          "20s",
          ConfigType.duration(),
          "a connection silent this long while sending a request is closed");
  public static final ConfigKey<Duration> HTTP_REQUEST_HEADER_TIMEOUT =
      key(
          "http.requestHeaderTimeout",
          "10s",
          ConfigType.duration(),
          "time a request's line and headers may take in total");
  public static final ConfigKey<Duration> HTTP_REQUEST_BODY_TIMEOUT =
      key(
          "http.requestBodyTimeout",
          "30s",
          ConfigType.duration(),
          "time a SOAP request's body may take in total");
  public static final ConfigKey<Integer> HTTP_MAX_CONNECTIONS_PER_ADDRESS =
      key(
          "http.maxConnectionsPerAddress",
          "100",
          ConfigType.integer(1, 1_000_000),
          "connections one client address may hold open");
  public static final ConfigKey<Integer> HTTP_MAX_REQUESTS_PER_ADDRESS =
      key(
          "http.maxRequestsPerAddress",
          "50",
          ConfigType.integer(1, 1_000_000),
          "requests one client address may have in progress");
  public static final ConfigKey<Set<InetAddress>> HTTP_TRUSTED_PROXIES =
      key(
          "http.trustedProxies",
          "127.0.0.1, ::1",
          ConfigType.addresses(),
          "addresses whose X-Forwarded-For names the real client");
  public static final ConfigKey<Duration> SAMPLING_PERIOD =
      key(
          "sampling.period",
          "1s",
          ConfigType.samplingPeriod(),
          "default sampling period of subscribable attributes");
  public static final ConfigKey<Duration> SAMPLING_HEARTBEAT =
      key("sampling.heartbeat", "off", ConfigType.optionalDuration(), "default heartbeat");
  public static final ConfigKey<Integer> ALARM_SAMPLE_FAILURES =
      key(
          "alarm.sampleFailures",
          "3",
          ConfigType.integer(1, 1000),
          "reads of a subscribable attribute failing in a row that raise an alarm");
  public static final ConfigKey<Path> DATA_DIR =
      key(
          "data.dir",
          ConfigValues.USER_HOME + "/.local/share/instrument-element",
          ConfigType.pathOrOff(),
          "where the run-time state (and by default the audit log) is kept; off: nothing kept");

  public static final ConfigKey<Long> RECORDING_QUOTA =
      key(
          "recording.quota",
          "10GB",
          ConfigType.size(),
          "most bytes the recordings under data.dir may take together");
  public static final ConfigKey<Long> RECORDING_SEGMENT_BYTES =
      key(
          "recording.segmentBytes",
          "16MB",
          ConfigType.size(),
          "values held in memory per recording before they are written as one segment file");
  public static final ConfigKey<Duration> RECORDING_SEGMENT_DURATION =
      key(
          "recording.segmentDuration",
          "10s",
          ConfigType.duration(),
          "longest time a segment stays open (a crash loses at most two)");
  public static final ConfigKey<Integer> RECORDING_QUEUE_SAMPLES =
      key(
          "recording.queueSamples",
          "1000",
          ConfigType.integer(16, 1_000_000),
          "samples waiting for a recording's writer before further ones are dropped (counted)");
  public static final ConfigKey<Integer> RECORDING_MAX_ACTIVE =
      key("recording.maxActive", "4", ConfigType.integer(1, 64), "recordings written at once");

  public static final ConfigKey<Boolean> HISTORY_ENABLED =
      key(
          "history.enabled",
          "true",
          ConfigType.bool(),
          "whether published samples are archived under data.dir/history");
  public static final ConfigKey<Duration> HISTORY_FLUSH_INTERVAL =
      key(
          "history.flushInterval",
          "5s",
          ConfigType.duration(),
          "how often the archive's journal is forced to disk: what a kill may lose");
  public static final ConfigKey<Duration> HISTORY_SEGMENT_DURATION =
      key(
          "history.segmentDuration",
          "30m",
          ConfigType.duration(),
          "a series' samples are written as one HDF5 segment once this old");
  public static final ConfigKey<Long> HISTORY_SEGMENT_BYTES =
      key(
          "history.segmentBytes",
          "16MB",
          ConfigType.size(),
          "... or once this large (bounds the memory a vector series holds)");
  public static final ConfigKey<Duration> HISTORY_MAX_AGE =
      key(
          "history.maxAge",
          "30d",
          ConfigType.duration(),
          "segments whose last sample is older are removed");
  public static final ConfigKey<Long> HISTORY_MAX_BYTES =
      key(
          "history.maxBytes",
          "2GB",
          ConfigType.size(),
          "most bytes the archive's segments may take; the oldest go first");
  public static final ConfigKey<Integer> HISTORY_RAW_LIMIT =
      key(
          "history.rawLimit",
          "100000",
          ConfigType.integer(100, 10_000_000),
          "most samples one raw history answer holds (a continuation token goes on)");
  public static final ConfigKey<Long> HISTORY_CACHE_BYTES =
      key(
          "history.cacheBytes",
          "128MB",
          ConfigType.size(),
          "memory kept of segments read back, for the next queries");
  public static final ConfigKey<String> HISTORY_EXCLUDE =
      key(
          "history.exclude",
          "",
          ConfigType.text(),
          "scalar attributes not archived: <im path>:<attribute> (or :*), separated by commas");
  public static final ConfigKey<String> HISTORY_VECTORS =
      key(
          "history.vectors",
          "",
          ConfigType.text(),
          "vector attributes archived: <im path>:<attribute>, separated by commas");

  /** Every global key, in the order of this table. */
  public static List<ConfigKey<?>> all() {
    return Collections.unmodifiableList(ALL);
  }

  /** The global key named {@code name}, if there is one. */
  public static ConfigKey<?> named(String name) {
    for (ConfigKey<?> k : ALL) {
      if (k.name().equals(name)) {
        return k;
      }
    }
    return null;
  }

  /** Whether {@code key} belongs to a hosted web application ({@link #WEB_APPLICATIONS}). */
  public static boolean isWebApplicationKey(String key) {
    int dot = key.indexOf('.');
    return dot > 0 && dot < key.length() - 1 && WEB_APPLICATIONS.contains(key.substring(0, dot));
  }
}
