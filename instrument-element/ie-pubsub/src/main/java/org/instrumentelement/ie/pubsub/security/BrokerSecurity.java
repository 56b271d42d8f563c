package org.instrumentelement.ie.pubsub.security;

import java.security.Principal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.activemq.advisory.AdvisorySupport;
import org.apache.activemq.broker.BrokerPlugin;
import org.apache.activemq.command.ActiveMQTopic;
import org.apache.activemq.filter.DestinationMapEntry;
import org.apache.activemq.security.AuthorizationEntry;
import org.apache.activemq.security.AuthorizationPlugin;
import org.apache.activemq.security.DefaultAuthorizationMap;
import org.apache.activemq.security.MessageAuthorizationPolicy;
import org.apache.activemq.security.TempDestinationAuthorizationEntry;
import org.instrumentelement.ie.config.BrokerLimits;
import org.instrumentelement.ie.contract.TopicNames;
import org.instrumentelement.ie.pubsub.transport.Refusals;
import org.instrumentelement.ie.security.Grant;
import org.instrumentelement.ie.security.NodeAccount;
import org.instrumentelement.ie.security.PasswordLogins;
import org.instrumentelement.ie.security.User;
import org.instrumentelement.ie.security.UserStore;
import org.instrumentelement.im.sensors.NodeInbox;

/**
 * The embedded broker's access rules, from the same user store as the SOAP API. Every client
 * (OpenWire, STOMP, MQTT) logs in with its user name and password; only the Instrument Element's
 * own publisher may publish; a user may subscribe only to the topics of the IMs they may observe
 * (wildcards included: a wildcard subscription receives only from those topics), and every user who
 * may observe some IM may subscribe to the alarm topic. The broker's advisories and temporary
 * destinations are for the publisher and administrators of the whole element ({@code admin:*});
 * queues and every other destination are refused.
 */
public final class BrokerSecurity {
  /** The account the Instrument Element publishes with. */
  public static final String PUBLISHER = "ie-publisher";

  private final PasswordLogins logins;
  private final UserStore users;
  private final String publisherPassword;
  private final String topicPrefix;
  private final String ieName;
  private final BrokerLimits limits;
  private final Refusals refusals;

  /**
   * @param publisherPassword a random secret generated at each start, known only to this process
   * @param limits the per-user and per-connection limits
   * @param refusals where refused operations are logged
   */
  public BrokerSecurity(
      PasswordLogins logins,
      String publisherPassword,
      String topicPrefix,
      String ieName,
      BrokerLimits limits,
      Refusals refusals) {
    this.logins = logins;
    this.users = logins.users();
    this.publisherPassword = publisherPassword;
    this.topicPrefix = topicPrefix;
    this.ieName = ieName;
    this.limits = limits;
    this.refusals = refusals;
  }

  /**
   * The plugins to install on the broker: ActiveMQ's authorization, and in front of it the login,
   * the limits and the log of refusals.
   */
  public BrokerPlugin[] plugins() {
    BrokerLogin login = new BrokerLogin(logins, publisherPassword);
    return new BrokerPlugin[] {
      new AuthorizationPlugin(authorizationMap()),
      next -> new BrokerAccessFilter(next, login, limits, refusals)
    };
  }

  /** Which messages each connection may receive: advisories only for the privileged. */
  public MessageAuthorizationPolicy messagePolicy() {
    return new AdvisoryDelivery();
  }

  /** The alarm topic of this element ({@code <prefix>.<ie>.alarms}). */
  String alarmTopic() {
    return topicPrefix + "." + ieName + "." + TopicNames.ALARMS;
  }

  /** The topic pattern of an IM subtree. */
  String pattern(String subtree) {
    return subtree.equals(Grant.EVERYTHING)
        ? topicPrefix + "." + ieName + ".>"
        : TopicNames.subtree(topicPrefix, ieName, subtree) + ".>";
  }

  /** The topic a node publishes to: {@code <prefix>.<ie>.<IM path>.nodes.<node>}. */
  String nodeTopic(NodeAccount n) {
    return topicPrefix
        + "."
        + ieName
        + "."
        + n.imPath().replace('/', '.')
        + "."
        + NodeInbox.NODES
        + "."
        + n.node();
  }

  DefaultAuthorizationMap authorizationMap() {
    Set<Object> publishers = Set.of(Group.PUBLISHERS);
    Set<Object> privileged = Set.of(Group.PUBLISHERS, Group.ADMINS);
    Set<Object> everyone = Set.of(Group.PUBLISHERS, Group.ADMINS, Group.USERS);
    Map<String, Set<Object>> readers = new LinkedHashMap<>();
    for (User u : users.users()) {
      for (Grant g : u.grants()) {
        readers.computeIfAbsent(pattern(g.subtree()), p -> new HashSet<>()).add(Group.of(u.name()));
      }
    }
    List<DestinationMapEntry> entries = new ArrayList<>();
    // The alarm topic: every user who may observe some IM (each message names IMs and values).
    Set<Object> observers = new HashSet<>(publishers);
    readers.values().forEach(observers::addAll);
    entries.add(entry(alarmTopic(), observers, publishers, observers));
    for (Map.Entry<String, Set<Object>> e : readers.entrySet()) {
      Set<Object> read = new HashSet<>(e.getValue());
      read.add(Group.PUBLISHERS);
      entries.add(entry(e.getKey(), read, publishers, read));
    }
    // A sensor node writes (and creates) its own topic, and reads nothing.
    Map<String, Set<Object>> writers = new LinkedHashMap<>();
    for (User u : users.users()) {
      for (NodeAccount n : u.nodes()) {
        writers
            .computeIfAbsent(nodeTopic(n), t -> new HashSet<>(publishers))
            .add(Group.of(u.name()));
      }
    }
    for (Map.Entry<String, Set<Object>> e : writers.entrySet()) {
      entries.add(entry(e.getKey(), publishers, e.getValue(), e.getValue()));
    }
    // The publisher writes (and creates) every topic of this element.
    entries.add(entry(topicPrefix + ".>", publishers, publishers, publishers));
    // Advisories tell who is connected from where and who subscribes to what.
    entries.add(
        entry(AdvisorySupport.ADVISORY_TOPIC_PREFIX + ">", privileged, privileged, privileged));
    // A default JMS client subscribes to these two when it connects, and fails if refused: it may
    // subscribe, but AdvisoryDelivery gives it nothing.
    for (ActiveMQTopic t :
        List.of(
            AdvisorySupport.TEMP_QUEUE_ADVISORY_TOPIC, AdvisorySupport.TEMP_TOPIC_ADVISORY_TOPIC)) {
      entries.add(entry(t.getPhysicalName(), everyone, privileged, everyone));
    }
    DefaultAuthorizationMap map = new DefaultAuthorizationMap(entries);
    TempDestinationAuthorizationEntry temporary = new TempDestinationAuthorizationEntry();
    temporary.setReadACLs(privileged);
    temporary.setWriteACLs(privileged);
    temporary.setAdminACLs(privileged);
    map.setTempDestinationAuthorizationEntry(temporary);
    // Everything else (queues, other topics): nobody but the publisher.
    AuthorizationEntry deny = new AuthorizationEntry();
    deny.setReadACLs(publishers);
    deny.setWriteACLs(publishers);
    deny.setAdminACLs(publishers);
    map.setDefaultEntry(deny);
    return map;
  }

  private static AuthorizationEntry entry(
      String topic, Set<Object> read, Set<Object> write, Set<Object> admin) {
    AuthorizationEntry e = new AuthorizationEntry();
    e.setDestination(new ActiveMQTopic(topic));
    e.setReadACLs(read);
    e.setWriteACLs(write);
    e.setAdminACLs(admin);
    return e;
  }

  /** A group principal; one per user ("user:alice"), plus the publishers, admins and all users. */
  record Group(String name) implements Principal {
    static final Group PUBLISHERS = new Group("ie-publishers");
    static final Group ADMINS = new Group("ie-admins");
    static final Group USERS = new Group("ie-users");

    static Group of(String user) {
      return new Group("user:" + user);
    }

    @Override
    public String getName() {
      return name;
    }
  }
}
