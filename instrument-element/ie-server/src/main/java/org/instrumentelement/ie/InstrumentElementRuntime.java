package org.instrumentelement.ie;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Base64;
import java.util.List;
import javax.net.ssl.TrustManager;
import org.apache.activemq.broker.BrokerPlugin;
import org.apache.activemq.security.MessageAuthorizationPolicy;
import org.instrumentelement.ial.ResourceManager;
import org.instrumentelement.ial.mock.MockSessionProvider;
import org.instrumentelement.ie.alarm.AlarmBoard;
import org.instrumentelement.ie.alarm.AlarmMessages;
import org.instrumentelement.ie.alarm.AlarmTopic;
import org.instrumentelement.ie.alarm.Alarms;
import org.instrumentelement.ie.archive.ArchiveFeed;
import org.instrumentelement.ie.archive.ArchiveSelection;
import org.instrumentelement.ie.config.AttributeConfig;
import org.instrumentelement.ie.config.BrokerTls;
import org.instrumentelement.ie.config.HistoryLimits;
import org.instrumentelement.ie.config.IeConfig;
import org.instrumentelement.ie.config.RecordingLimits;
import org.instrumentelement.ie.config.RecordingSeriesConfig;
import org.instrumentelement.ie.config.SecurityConfig;
import org.instrumentelement.ie.element.ImNode;
import org.instrumentelement.ie.element.InstrumentElement;
import org.instrumentelement.ie.history.HistoryArchive;
import org.instrumentelement.ie.history.HistorySettings;
import org.instrumentelement.ie.monitoring.ImMeters;
import org.instrumentelement.ie.monitoring.LoginMeters;
import org.instrumentelement.ie.monitoring.Monitoring;
import org.instrumentelement.ie.monitoring.StatusSource;
import org.instrumentelement.ie.monitoring.SubscriptionMeters;
import org.instrumentelement.ie.pubsub.BrokerEndpoints;
import org.instrumentelement.ie.pubsub.CommandStatusMessages;
import org.instrumentelement.ie.pubsub.EmbeddedBroker;
import org.instrumentelement.ie.pubsub.NodeFeeds;
import org.instrumentelement.ie.pubsub.NodeMessageRouter;
import org.instrumentelement.ie.pubsub.PublishedTopic;
import org.instrumentelement.ie.pubsub.Publishing;
import org.instrumentelement.ie.pubsub.Subscriptions;
import org.instrumentelement.ie.pubsub.TopicPublisher;
import org.instrumentelement.ie.pubsub.security.BrokerSecurity;
import org.instrumentelement.ie.pubsub.transport.Refusals;
import org.instrumentelement.ie.recording.Recordings;
import org.instrumentelement.ie.replay.ReplaySessionProvider;
import org.instrumentelement.ie.security.AccessControl;
import org.instrumentelement.ie.security.AuditLog;
import org.instrumentelement.ie.security.Caller;
import org.instrumentelement.ie.security.LoginAudit;
import org.instrumentelement.ie.security.PasswordLogins;
import org.instrumentelement.ie.security.Reservations;
import org.instrumentelement.ie.security.UserStore;
import org.instrumentelement.ie.server.AccessControlInterceptor;
import org.instrumentelement.ie.server.EmbeddedServer;
import org.instrumentelement.ie.server.ServiceParts;
import org.instrumentelement.ie.soap.InstrumentElementPort;
import org.instrumentelement.ie.soap.InstrumentElementService;
import org.instrumentelement.ie.state.StartupRestore;
import org.instrumentelement.ie.state.StateStore;
import org.instrumentelement.ie.tls.Pkcs12File;
import org.instrumentelement.ie.tls.ServerTls;
import org.instrumentelement.im.alarm.AlarmChange;
import org.instrumentelement.im.alarm.AlarmKind;
import org.instrumentelement.im.alarm.Severity;
import org.instrumentelement.im.alarm.Statistic;
import org.instrumentelement.im.model.ImException;
import org.instrumentelement.im.model.ValueType;
import org.instrumentelement.im.sampling.SampleSink;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A whole Instrument Element: run-time state store, broker (when embedded), Instrument Managers,
 * publisher, samplers and, when asked, the HTTP server. Started in that order and stopped in
 * reverse.
 */
public final class InstrumentElementRuntime implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(InstrumentElementRuntime.class);

  /** How long a shutdown waits for the publisher to send what it holds (the commands cancelled). */
  private static final java.time.Duration SHUTDOWN_DRAIN = java.time.Duration.ofSeconds(2);

  private final IeConfig config;
  private final InstrumentElement ie;
  private final long epoch = System.currentTimeMillis();
  private StateStore store;
  private boolean resetState;
  private AccessControl access;
  private AuditLog audit;
  private EmbeddedBroker broker;
  private volatile TopicPublisher publisher;
  private Subscriptions subscriptions;
  private AlarmTopic alarmTopic;
  private Alarms alarms;
  private NodeFeeds nodeFeeds;
  private NodeMessageRouter nodeRouter;
  private Recordings recordings;
  private HistoryArchive history;
  private volatile ArchiveFeed archiveFeed;
  private InstrumentElementPort service;
  private Monitoring monitoring;
  private ServiceParts parts;
  private EmbeddedServer server;
  private ElementAdvertisement advertisement;
  private volatile boolean serving;

  /** Readiness as this runtime knows it: started in full, and the publisher's connection. */
  private final StatusSource status =
      new StatusSource() {
        @Override
        public boolean serving() {
          return serving;
        }

        @Override
        public boolean brokerConnected() {
          TopicPublisher p = publisher;
          return p != null && p.connected();
        }
      };

  public InstrumentElementRuntime(IeConfig config) {
    this.config = config;
    ResourceManager resources = InstrumentElement.resources(config);
    // Recordings read back as instruments: the replays play on the element's mock instruments.
    resources.register(
        new ReplaySessionProvider(
            config.dataDir() == null ? null : config.dataDir().resolve(RecordingLimits.DIRECTORY),
            resources.provider(MockSessionProvider.class)));
    this.ie = new InstrumentElement(config, resources);
  }

  /**
   * Makes the next {@link #start} set the kept run-time state aside and restore nothing ({@code
   * --reset-state}).
   */
  public synchronized void resetStateAtStart() {
    resetState = true;
  }

  /**
   * Starts everything.
   *
   * @param http whether to serve SOAP on embedded Tomcat (false when a servlet container hosts the
   *     service)
   */
  public synchronized void start(boolean http) throws Exception {
    try {
      store =
          config.dataDir() == null
              ? StateStore.inMemory()
              : StateStore.open(config.dataDir(), Clock.systemUTC(), resetState);
      LOG.info(store.loaded());
      SecurityConfig security = config.security();
      // Read first, so that a keystore that cannot be used stops the start in plain words.
      ServerTls tls = security.tls() ? ServerTls.load(security) : null;
      UserStore users = null;
      if (security.enabled()) {
        users =
            security.usersFile() == null
                ? UserStore.developmentUsers()
                : UserStore.load(security.usersFile());
      }
      Reservations reservations = new Reservations(Clock.systemUTC());
      StartupRestore.reservations(store, reservations);
      audit = new AuditLog(security.auditFile());
      PasswordLogins logins =
          users == null ? null : LoginAudit.logins(users, config.login(), audit, Clock.systemUTC());
      access = new AccessControl(logins, reservations);
      String publishUrl;
      String publishUser = null;
      String publishPassword = null;
      TrustManager[] publishTrust = null;
      BrokerEndpoints endpoints;
      if (config.broker().embedded()) {
        BrokerPlugin[] plugins = new BrokerPlugin[0];
        MessageAuthorizationPolicy messages = null;
        Refusals refusals = new Refusals();
        if (users != null) {
          publishUser = BrokerSecurity.PUBLISHER;
          publishPassword = randomSecret();
          BrokerSecurity brokerSecurity =
              new BrokerSecurity(
                  logins,
                  publishPassword,
                  config.broker().topicPrefix(),
                  config.name(),
                  config.broker().limits(),
                  refusals);
          plugins = brokerSecurity.plugins();
          messages = brokerSecurity.messagePolicy();
        }
        // Node messages go to their IM after the broker's authorization: installed first, it is
        // the innermost filter, called once every other plugin has let a publish through.
        nodeRouter = new NodeMessageRouter();
        BrokerPlugin[] withRouter = new BrokerPlugin[plugins.length + 1];
        withRouter[0] = nodeRouter;
        System.arraycopy(plugins, 0, withRouter, 1, plugins.length);
        plugins = withRouter;
        broker =
            new EmbeddedBroker(
                config.broker(),
                config.name(),
                plugins,
                messages,
                refusals,
                tls == null ? null : tls.serverSockets());
        broker.start();
        publishUrl = broker.inVmUrl();
        endpoints =
            new BrokerEndpoints(
                clientUrl(broker.openWireUrl()),
                reachable(broker.stompUrl()),
                reachable(broker.mqttUrl()));
      } else {
        publishUrl = config.broker().url();
        if (!config.broker().username().isBlank()) {
          publishUser = config.broker().username();
          publishPassword = config.broker().password();
        }
        BrokerTls brokerTls = config.broker().tls();
        if (brokerTls.trustStore() != null) {
          publishTrust =
              Pkcs12File.trustManagers(
                  brokerTls.trustStore(), brokerTls.trustStorePassword(), "broker.tls.trustStore");
        }
        endpoints = new BrokerEndpoints(clientUrl(config.broker().url()), null, null);
      }
      ie.start(store, InstrumentElementRuntime::currentUser, audit);
      subscriptions = new Subscriptions(ie, config, store);
      publisher =
          new TopicPublisher(
              publishUrl,
              publishUser,
              publishPassword,
              publishTrust,
              epoch,
              config.broker().publishQueue(),
              config.broker().publishQueueMemory());
      publisher.start();
      recordings =
          Recordings.open(
              config.dataDir(),
              config.recording(),
              ie,
              InstrumentElementRuntime::currentUser,
              Clock.systemUTC());
      ie.addCommandStatusListener(
          new CommandStatusMessages(
              publisher,
              subscriptions::topic,
              path -> {
                try {
                  return ie.node(path).im().provenanceRevision();
                } catch (ImException e) {
                  return 0; // the IM is gone: its statuses name no revision
                }
              }));
      TopicPublisher topics = publisher;
      Recordings recorder = recordings;
      history = openHistory();
      ArchiveFeed archive = history == null ? null : archiveFeed(history);
      // Every published sample goes to the recordings and the archive too: none waits for another.
      subscriptions.start(
          topic -> {
            SampleSink published = topics.bind(topic);
            SampleSink archived =
                archive == null
                    ? null
                    : archive.sink(
                        topic.imPath(),
                        topic.attribute(),
                        valueType(topic),
                        historyStatistics(topic));
            if (archived == null) {
              return sample -> {
                published.accept(sample);
                recorder.accept(sample);
              };
            }
            return sample -> {
              published.accept(sample);
              recorder.accept(sample);
              archived.accept(sample);
            };
          });
      startRecordingSeries();
      AlarmBoard board = new AlarmBoard(Clock.systemUTC());
      alarmTopic =
          new AlarmTopic(
              AlarmMessages.topic(config.broker().topicPrefix(), config.name()), publisher);
      board.addListener(alarmTopic);
      // The first message of the alarm topic in every epoch: the (empty) active alarms.
      board.snapshot();
      alarms = new Alarms(ie, subscriptions, board, config.alarmSampleFailures(), store);
      alarms.start();
      List<NodeFeeds.Feed> feeds =
          NodeFeeds.of(ie.nodes(), config.broker().topicPrefix(), config.name());
      if (nodeRouter != null) {
        nodeRouter.route(feeds);
      } else {
        nodeFeeds = new NodeFeeds(publishUrl, publishUser, publishPassword, publishTrust, feeds);
        nodeFeeds.start();
      }
      Publishing publishing = new Publishing(subscriptions, publisher, endpoints, broker);
      monitoring =
          new Monitoring(status)
              .bind(new ImMeters(ie.nodes()))
              .bind(new SubscriptionMeters(publishing));
      if (logins != null) {
        monitoring.bind(new LoginMeters(logins));
      }
      service =
          new InstrumentElementService(
                  ie,
                  publishing,
                  access,
                  AccessControlInterceptor.currentCaller(),
                  monitoring,
                  alarms,
                  recordings,
                  history,
                  config.history().rawLimit())
              .port();
      parts =
          new ServiceParts(
              service,
              access,
              audit,
              monitoring,
              config.maxRequestBytes(),
              config.httpLimits(),
              config.pollingLane(),
              recordings);
      if (http) {
        server = new EmbeddedServer(config, parts);
        server.start();
        advertisement =
            ElementAdvertisement.start(
                config.mdnsAdvertising(), config.httpHost(), config.name(), server.serviceUrl());
      }
      serving = true;
    } catch (Exception e) {
      close();
      throw e;
    }
  }

  /**
   * Starts the always-on recordings of the configuration; an item that names no IM or no
   * subscribable attribute stops the start with the series' name.
   */
  private void startRecordingSeries() throws ImException {
    for (RecordingSeriesConfig s : config.recordingSeries()) {
      for (RecordingSeriesConfig.Item i : s.items()) {
        try {
          ie.node(i.im());
          subscriptions.get(i.im(), i.attribute());
        } catch (ImException e) {
          throw new ImException(
              e.code(),
              "recording."
                  + s.name()
                  + ".items: "
                  + i.im()
                  + ":"
                  + i.attribute()
                  + ": "
                  + e.getMessage());
        }
      }
    }
    recordings.startSeries(config.recordingSeries(), audit);
  }

  /** The user of the SOAP request served on this thread, or empty (start-up, reconnects). */
  private static String currentUser() {
    Caller c = AccessControlInterceptor.currentCaller().get();
    return c == Caller.NOBODY ? "" : c.name();
  }

  /** The OpenWire URL clients are told: {@code broker.clientUrl} if set, else {@code url}. */
  private String clientUrl(String url) {
    String configured = config.broker().clientUrl();
    return configured.isBlank() ? reachable(url) : configured;
  }

  /** A URL of the embedded broker as other machines reach it when it listens everywhere. */
  private String reachable(String url) {
    if (url == null || !config.broker().embedded() || !config.broker().host().equals("0.0.0.0")) {
      return url;
    }
    try {
      return url.replace("localhost", InetAddress.getLocalHost().getCanonicalHostName());
    } catch (UnknownHostException e) {
      return url;
    }
  }

  private static String randomSecret() {
    byte[] b = new byte[24];
    new SecureRandom().nextBytes(b);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
  }

  /** Who may do what, and the reservations. */
  public AccessControl access() {
    return access;
  }

  /** The audit log (for a servlet container publishing the service). */
  public AuditLog audit() {
    return audit;
  }

  public IeConfig config() {
    return config;
  }

  public InstrumentElement instrumentElement() {
    return ie;
  }

  /** The SOAP implementation. */
  public InstrumentElementPort service() {
    return service;
  }

  /** What a web application serves (for a servlet container to publish; null before start). */
  public ServiceParts serviceParts() {
    return parts;
  }

  /** Health and figures. */
  public Monitoring monitoring() {
    return monitoring;
  }

  /** The embedded broker, or null with an external one. */
  public EmbeddedBroker broker() {
    return broker;
  }

  public TopicPublisher publisher() {
    return publisher;
  }

  public Subscriptions subscriptions() {
    return subscriptions;
  }

  /** The alarms: where they come from, and the board of active ones. */
  public Alarms alarms() {
    return alarms;
  }

  /** The alarm topic's publisher. */
  public AlarmTopic alarmTopic() {
    return alarmTopic;
  }

  /** The recordings (null before start). */
  public Recordings recordings() {
    return recordings;
  }

  /** The HTTP server, or null if not started with HTTP. */
  public EmbeddedServer server() {
    return server;
  }

  /**
   * The history archive under {@code data.dir/history}, or null without a data directory or with
   * {@code history.enabled = false}. A full disk stops archiving with an alarm; polling and
   * publishing go on.
   */
  private HistoryArchive openHistory() throws java.io.IOException {
    HistoryLimits h = config.history();
    if (!h.enabled() || config.dataDir() == null) {
      return null;
    }
    HistoryArchive.Listener listener =
        new HistoryArchive.Listener() {
          @Override
          public void stopped(String why) {
            archiveAlarm(Severity.ALARM, "archiving stopped: " + why);
          }

          @Override
          public void resumed() {
            archiveAlarm(Severity.NONE, "archiving resumed");
          }
        };
    return HistoryArchive.open(
        config.dataDir().resolve(HistoryLimits.DIRECTORY),
        new HistorySettings(
            h.flushInterval(),
            h.segmentDuration(),
            h.segmentBytes(),
            h.maxAge(),
            h.maxBytes(),
            h.rawLimit(),
            h.cacheBytes()),
        InstrumentElementRuntime::nowMicros,
        listener);
  }

  /** Raises or clears the archive's alarm on every IM whose attributes it keeps. */
  private void archiveAlarm(Severity severity, String message) {
    Alarms a = alarms;
    ArchiveFeed f = archiveFeed;
    if (a == null || f == null) {
      return;
    }
    for (String im : f.ims()) {
      a.board()
          .changed(
              new AlarmChange(
                  im,
                  "history",
                  AlarmKind.ARCHIVE,
                  severity,
                  null,
                  Double.NaN,
                  null,
                  null,
                  message,
                  java.time.Instant.now()));
    }
  }

  /** What the archive is handed: samples, and gaps when an IM unlinks or sampling stops. */
  private ArchiveFeed archiveFeed(HistoryArchive archive) {
    HistoryLimits h = config.history();
    ArchiveFeed feed =
        new ArchiveFeed(
            archive,
            new ArchiveSelection(h.exclude(), h.vectors()),
            InstrumentElementRuntime::nowMicros);
    for (ImNode n : ie.nodes()) {
      n.im().addStateListener((im, from, to) -> feed.stateChanged(n.path(), to));
    }
    subscriptions.addSamplingListener(feed::samplingChanged);
    archiveFeed = feed;
    return feed;
  }

  private ValueType valueType(PublishedTopic topic) {
    try {
      return ie.node(topic.imPath()).im().model().attribute(topic.attribute()).spec().type();
    } catch (ImException e) {
      return null;
    }
  }

  /** The statistics of a vector the archive keeps ({@code history.statistics}). */
  private java.util.Set<Statistic> historyStatistics(PublishedTopic topic) {
    try {
      return AttributeConfig.historyStatistics(
          ie.node(topic.imPath()).config().attributes().get(topic.attribute()));
    } catch (ImException e) {
      return java.util.Set.of();
    }
  }

  private static long nowMicros() {
    java.time.Instant t = java.time.Instant.now();
    return t.getEpochSecond() * 1_000_000L + t.getNano() / 1000;
  }

  /** The history archive (null before start, or when the IE keeps none). */
  public HistoryArchive history() {
    return history;
  }

  /** Stops everything, in reverse order of start. */
  @Override
  public synchronized void close() {
    serving = false;
    if (advertisement != null) {
      advertisement.close();
      advertisement = null;
    }
    if (server != null) {
      server.close();
      server = null;
    }
    // Running commands end (cancelled, their instruments left in a defined state) while the
    // publisher can still tell their subscribers.
    ie.stopCommands();
    if (nodeRouter != null) {
      nodeRouter.stop();
    }
    if (nodeFeeds != null) {
      nodeFeeds.close();
      nodeFeeds = null;
    }
    if (subscriptions != null) {
      subscriptions.close();
    }
    if (recordings != null) {
      recordings.close();
      recordings = null;
    }
    if (history != null) {
      try {
        history.close();
      } catch (java.io.IOException e) {
        LOG.warn("the history archive could not be closed: {}", e.getMessage());
      }
      history = null;
    }
    if (publisher != null) {
      publisher.drain(SHUTDOWN_DRAIN);
      publisher.close();
      publisher = null;
    }
    ie.close();
    if (broker != null) {
      broker.close();
      broker = null;
    }
    if (audit != null) {
      try {
        audit.close();
      } catch (java.io.IOException e) {
        // nothing more to record
      }
      audit = null;
    }
    if (store != null) {
      store.close();
      store = null;
    }
  }

  /** Where the run-time state is kept (null before start). */
  public StateStore stateStore() {
    return store;
  }
}
