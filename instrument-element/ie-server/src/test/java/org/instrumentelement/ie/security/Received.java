package org.instrumentelement.ie.security;

import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;

/** The messages a JMS consumer got; a test waits for them without sleeping. */
final class Received implements MessageListener {
  private final List<Message> messages = new ArrayList<>();

  @Override
  public synchronized void onMessage(Message m) {
    messages.add(m);
    notifyAll();
  }

  /** Waits until a message matches; false if none did in time. */
  synchronized boolean await(Predicate<Message> match, Duration timeout)
      throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (messages.stream().noneMatch(match)) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return false;
      }
      wait(Math.max(1, left / 1_000_000));
    }
    return true;
  }

  /** Waits until at least {@code n} messages came. */
  boolean await(int n, Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    synchronized (this) {
      while (messages.size() < n) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          return false;
        }
        wait(Math.max(1, left / 1_000_000));
      }
      return true;
    }
  }

  synchronized List<Message> messages() {
    return List.copyOf(messages);
  }

  /** The destinations the messages came from, as ActiveMQ prints them. */
  synchronized Set<String> destinations() {
    Set<String> d = new TreeSet<>();
    for (Message m : messages) {
      try {
        d.add(String.valueOf(m.getJMSDestination()));
      } catch (JMSException e) {
        d.add("?");
      }
    }
    return d;
  }
}
