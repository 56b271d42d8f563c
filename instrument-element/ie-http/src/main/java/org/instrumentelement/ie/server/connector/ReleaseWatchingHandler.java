package org.instrumentelement.ie.server.connector;

import java.util.function.Consumer;
import org.apache.tomcat.util.net.AbstractEndpoint;
import org.apache.tomcat.util.net.SocketEvent;
import org.apache.tomcat.util.net.SocketWrapperBase;

/**
 * The protocol's connection handler, unchanged, except that it also tells a listener of every
 * connection released (Tomcat releases each closed connection exactly once).
 */
final class ReleaseWatchingHandler<S> implements AbstractEndpoint.Handler<S> {
  private final AbstractEndpoint.Handler<S> handler;
  private final Consumer<SocketWrapperBase<S>> onRelease;

  ReleaseWatchingHandler(
      AbstractEndpoint.Handler<S> handler, Consumer<SocketWrapperBase<S>> onRelease) {
    this.handler = handler;
    this.onRelease = onRelease;
  }

  @Override
  public SocketState process(SocketWrapperBase<S> socket, SocketEvent status) {
    return handler.process(socket, status);
  }

  @Override
  public Object getGlobal() {
    return handler.getGlobal();
  }

  @Override
  public void release(SocketWrapperBase<S> socketWrapper) {
    try {
      handler.release(socketWrapper);
    } finally {
      onRelease.accept(socketWrapper);
    }
  }

  @Override
  public void pause() {
    handler.pause();
  }

  @Override
  public void recycle() {
    handler.recycle();
  }
}
