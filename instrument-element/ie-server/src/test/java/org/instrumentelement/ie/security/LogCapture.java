package org.instrumentelement.ie.security;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.util.List;
import org.slf4j.LoggerFactory;

/** Records what the test JVM logs (at the configured levels) while it is open. */
final class LogCapture implements AutoCloseable {
  private final ListAppender<ILoggingEvent> appender = new ListAppender<>();
  private final Logger root = (Logger) LoggerFactory.getLogger(Logger.ROOT_LOGGER_NAME);

  LogCapture() {
    appender.start();
    root.addAppender(appender);
  }

  /** The events so far. */
  List<ILoggingEvent> events() {
    synchronized (appender) {
      return List.copyOf(appender.list);
    }
  }

  /** The lines of the broker's refusal log so far. */
  List<String> refusals() {
    return events().stream()
        .filter(e -> e.getLoggerName().endsWith(".Refusals"))
        .map(ILoggingEvent::getFormattedMessage)
        .toList();
  }

  /** Every event as one text, for assertion messages. */
  String dump() {
    StringBuilder b = new StringBuilder();
    for (ILoggingEvent e : events()) {
      b.append(e.getLevel())
          .append(' ')
          .append(e.getLoggerName())
          .append(" - ")
          .append(e.getFormattedMessage());
      if (e.getThrowableProxy() != null) {
        b.append(" [")
            .append(e.getThrowableProxy().getClassName())
            .append(": ")
            .append(e.getThrowableProxy().getMessage())
            .append(']');
      }
      b.append('\n');
    }
    return b.toString();
  }

  @Override
  public void close() {
    root.detachAppender(appender);
    appender.stop();
  }
}
