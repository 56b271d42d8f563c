package org.instrumentelement.ie.pubsub;

import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import java.security.SecureRandom;
import javax.net.ssl.TrustManager;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.apache.activemq.ActiveMQSslConnectionFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Instrument Element's own connections to its broker (the publisher's, the node feeds'): one
 * URL, account and trust, and no advisory subscriptions.
 */
final class BrokerConnectionFactory {
  private static final Logger LOG = LoggerFactory.getLogger(BrokerConnectionFactory.class);

  private BrokerConnectionFactory() {}

  /**
   * @param url an ActiveMQ URL (with failover for connections that must come back by themselves)
   * @param user the account, or null for none
   * @param trust what to trust of a broker over TLS, or null for the JVM's default trust
   */
  static ActiveMQConnectionFactory create(
      String url, String user, String password, TrustManager[] trust) {
    ActiveMQConnectionFactory cf;
    if (trust == null) {
      cf = new ActiveMQConnectionFactory(url);
    } else {
      ActiveMQSslConnectionFactory tls = new ActiveMQSslConnectionFactory(url);
      tls.setKeyAndTrustManagers(null, trust, new SecureRandom());
      cf = tls;
    }
    cf.setWatchTopicAdvisories(false);
    if (user != null) {
      cf.setUserName(user);
      cf.setPassword(password);
    }
    return cf;
  }

  /**
   * Closes a connection that is no use (one that failed half-way: left open, ActiveMQ's failover
   * transport would go on reconnecting it, unused), if any, whatever it throws.
   */
  static void closeQuietly(Connection c) {
    if (c == null) {
      return;
    }
    try {
      c.close();
    } catch (JMSException | RuntimeException e) {
      LOG.debug("closing a connection that failed to open", e);
    }
  }
}
