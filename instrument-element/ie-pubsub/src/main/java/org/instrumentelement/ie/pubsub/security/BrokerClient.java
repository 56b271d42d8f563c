package org.instrumentelement.ie.pubsub.security;

import java.security.Principal;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.activemq.security.SecurityContext;
import org.instrumentelement.ie.pubsub.transport.ClientProtocol;

/**
 * One logged-in broker connection: who (the groups the authorization map checks), over which
 * protocol, from where, and what it holds, counted against the per-connection limits.
 */
final class BrokerClient extends SecurityContext {
  private final BrokerLogin.Identity identity;
  private final ClientProtocol protocol;
  private final String protocolName;
  private final String address;

  /** Subscriptions asked for, refused ones included; removing an accepted one gives it back. */
  final Holdings consumers;

  final Holdings sessions;

  /** Producers asked for, refused ones included. */
  final Holdings producers;

  final Holdings transactions;

  /**
   * @param protocol the client's protocol, or null for the in-JVM connection
   * @param protocolName the protocol's name for logs ("MQTT over TLS")
   */
  BrokerClient(
      BrokerLogin.Identity identity,
      ClientProtocol protocol,
      String protocolName,
      String address,
      int maxEach) {
    super(identity.user());
    this.identity = identity;
    this.protocol = protocol;
    this.protocolName = protocolName;
    this.address = address;
    this.consumers = new Holdings(maxEach);
    this.sessions = new Holdings(maxEach);
    this.producers = new Holdings(maxEach);
    this.transactions = new Holdings(maxEach);
  }

  @Override
  public Set<Principal> getPrincipals() {
    return identity.groups();
  }

  /** The protocol, or null for the in-JVM connection. */
  ClientProtocol protocol() {
    return protocol;
  }

  /** The protocol's name for logs. */
  String protocolName() {
    return protocolName;
  }

  String address() {
    return address;
  }

  /** The Instrument Element's own publisher. */
  boolean publisher() {
    return identity.publisher();
  }

  /** The publisher or an administrator of the whole element. */
  boolean privileged() {
    return identity.publisher() || identity.admin();
  }

  /**
   * Things of one kind a connection holds (consumers, sessions ...), at most a fixed number. A
   * refused request may still take a place ({@link #take}), so that a client cannot ask forever.
   */
  static final class Holdings {
    private final int max;
    private final Set<Object> held = ConcurrentHashMap.newKeySet();
    private int taken;

    Holdings(int max) {
      this.max = max;
    }

    /** Takes a place; false when all are taken. */
    synchronized boolean take() {
      if (taken >= max) {
        return false;
      }
      taken++;
      return true;
    }

    /** Records that the place taken last holds {@code id}, to be given back by {@link #free}. */
    void hold(Object id) {
      held.add(id);
    }

    /** Gives back the place of {@code id}, if it holds one. */
    void free(Object id) {
      if (held.remove(id)) {
        synchronized (this) {
          taken--;
        }
      }
    }
  }
}
