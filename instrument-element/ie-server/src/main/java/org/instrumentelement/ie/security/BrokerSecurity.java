package org.instrumentelement.ie.security;

import java.security.Principal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.activemq.broker.Broker;
import org.apache.activemq.broker.BrokerFilter;
import org.apache.activemq.broker.BrokerPlugin;
import org.apache.activemq.broker.ConnectionContext;
import org.apache.activemq.command.ActiveMQTopic;
import org.apache.activemq.command.ConnectionInfo;
import org.apache.activemq.filter.DestinationMapEntry;
import org.apache.activemq.security.AuthorizationEntry;
import org.apache.activemq.security.AuthorizationPlugin;
import org.apache.activemq.security.DefaultAuthorizationMap;
import org.apache.activemq.security.SecurityContext;

/**
 * The embedded broker's access rules, from the same user store as the SOAP API: every client
 * (OpenWire, STOMP, MQTT) authenticates with its user name and password; only the Instrument
 * Element's own publisher account may publish; a user may subscribe only to the topics of the IMs
 * they may observe. Anything not listed is refused.
 */
public final class BrokerSecurity {
  /** The account the Instrument Element publishes with. */
  public static final String PUBLISHER = "ie-publisher";

  private final UserStore users;
  private final String publisherPassword;
  private final String topicPrefix;
  private final String ieName;

  /**
   * @param publisherPassword a random secret generated at each start, known only to this process
   */
  public BrokerSecurity(
      UserStore users, String publisherPassword, String topicPrefix, String ieName) {
    this.users = users;
    this.publisherPassword = publisherPassword;
    this.topicPrefix = topicPrefix;
    this.ieName = ieName;
  }

  /** The plugins to install on the broker, authentication first. */
  public BrokerPlugin[] plugins() {
    return new BrokerPlugin[] {this::authenticating, new AuthorizationPlugin(authorizationMap())};
  }

  /** The topic pattern of an IM subtree. */
  String pattern(String subtree) {
    String base = topicPrefix + "." + ieName;
    return subtree.equals(Grant.EVERYTHING)
        ? base + ".>"
        : base + "." + subtree.replace('/', '.') + ".>";
  }

  DefaultAuthorizationMap authorizationMap() {
    Group publishers = new Group("ie-publishers");
    Group everyone = new Group("ie-users");
    Map<String, Set<Object>> readers = new LinkedHashMap<>();
    for (User u : users.users()) {
      for (Grant g : u.grants()) {
        readers.computeIfAbsent(pattern(g.subtree()), p -> new HashSet<>()).add(Group.of(u.name()));
      }
    }
    List<DestinationMapEntry> entries = new ArrayList<>();
    for (Map.Entry<String, Set<Object>> e : readers.entrySet()) {
      Set<Object> read = new HashSet<>(e.getValue());
      read.add(publishers);
      entries.add(entry(e.getKey(), read, Set.of(publishers), read));
    }
    // The publisher writes (and creates) every topic of this element.
    entries.add(
        entry(topicPrefix + ".>", Set.of(publishers), Set.of(publishers), Set.of(publishers)));
    // Clients open advisory consumers while they connect.
    Set<Object> all = Set.of(everyone, publishers);
    entries.add(entry("ActiveMQ.Advisory.>", all, all, all));
    DefaultAuthorizationMap map = new DefaultAuthorizationMap(entries);
    // Everything else (queues, other topics): nobody but the publisher.
    AuthorizationEntry deny = new AuthorizationEntry();
    deny.setReadACLs(Set.of(publishers));
    deny.setWriteACLs(Set.of(publishers));
    deny.setAdminACLs(Set.of(publishers));
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

  private Broker authenticating(Broker next) {
    return new BrokerFilter(next) {
      @Override
      public void addConnection(ConnectionContext context, ConnectionInfo info) throws Exception {
        if (context.getSecurityContext() == null) {
          context.setSecurityContext(securityContext(info.getUserName(), info.getPassword()));
        }
        try {
          super.addConnection(context, info);
        } catch (Exception e) {
          context.setSecurityContext(null);
          throw e;
        }
      }

      @Override
      public void removeConnection(ConnectionContext context, ConnectionInfo info, Throwable error)
          throws Exception {
        super.removeConnection(context, info, error);
        context.setSecurityContext(null);
      }
    };
  }

  private SecurityContext securityContext(String user, String password) {
    Set<Principal> groups = new HashSet<>();
    if (PUBLISHER.equals(user) && publisherPassword.equals(password)) {
      groups.add(new Group("ie-publishers"));
    } else if (user != null && users.authenticate(user, password).isPresent()) {
      groups.add(Group.of(user));
      groups.add(new Group("ie-users"));
    } else {
      throw new SecurityException("User name [" + user + "] or password is invalid.");
    }
    return new SecurityContext(user) {
      @Override
      public Set<Principal> getPrincipals() {
        return groups;
      }
    };
  }

  /** A group principal; one per user ("user:alice"), plus the publishers and all users. */
  record Group(String name) implements Principal {
    static Group of(String user) {
      return new Group("user:" + user);
    }

    @Override
    public String getName() {
      return name;
    }
  }
}
