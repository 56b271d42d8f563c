package org.instrumentelement.ie.server.connector;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.tomcat.util.net.NioChannel;
import org.apache.tomcat.util.net.NioEndpoint;
import org.apache.tomcat.util.net.SocketWrapperBase;
import org.apache.tomcat.util.threads.ThreadPoolExecutor;
import org.instrumentelement.ie.server.gate.AddressQuota;

/**
 * Tomcat's NIO endpoint with a cap on the connections one client address may hold open: a
 * connection over the cap is closed as soon as it is accepted, before anything is read from it. It
 * also runs the {@link HeaderDeadline} over its connections, and serves requests on {@link
 * WorkerThreads}: a few threads while requests finish promptly, more when they are held up.
 */
public final class GuardedNioEndpoint extends NioEndpoint {
  private final AddressQuota connectionsPerAddress;
  private final Map<SocketChannel, String> addressOf = new ConcurrentHashMap<>();
  private final HeaderDeadline headerDeadline;
  private final AtomicLong refused = new AtomicLong();
  private volatile WorkerThreads workers;

  GuardedNioEndpoint(int maxConnectionsPerAddress, Duration requestHeaderTimeout) {
    this.connectionsPerAddress = new AddressQuota(maxConnectionsPerAddress);
    this.headerDeadline = new HeaderDeadline(this, requestHeaderTimeout);
  }

  /**
   * Hears of every closed connection, to give back its address's slot. Called once the protocol has
   * installed its handler.
   */
  void watchReleases() {
    setHandler(new ReleaseWatchingHandler<>(getHandler(), this::released));
  }

  @Override
  protected boolean setSocketOptions(SocketChannel socket) {
    String address = address(socket);
    if (!connectionsPerAddress.tryTake(address)) {
      refused.incrementAndGet();
      destroySocket(socket); // counts the connection down and closes it, nothing read
      return true;
    }
    addressOf.put(socket, address);
    boolean handedOff = super.setSocketOptions(socket);
    if (!connections.containsKey(socket)) {
      // NioEndpoint gave up before it made a wrapper, and closed the socket itself.
      forget(socket);
    }
    return handedOff;
  }

  private void released(SocketWrapperBase<NioChannel> wrapper) {
    NioChannel channel = wrapper.getSocket();
    SocketChannel socket = channel == null ? null : channel.getIOChannel();
    if (socket != null) {
      forget(socket);
    }
  }

  private void forget(SocketChannel socket) {
    String address = addressOf.remove(socket);
    if (address != null) {
      connectionsPerAddress.release(address);
    }
  }

  private static String address(SocketChannel socket) {
    try {
      SocketAddress remote = socket.getRemoteAddress();
      if (remote instanceof InetSocketAddress inet && inet.getAddress() != null) {
        return inet.getAddress().getHostAddress();
      }
      return String.valueOf(remote);
    } catch (IOException e) {
      return "unknown";
    }
  }

  /** Tomcat's request threads: {@link WorkerThreads} rather than a thread for every request. */
  @Override
  public void createExecutor() {
    WorkerThreads w =
        new WorkerThreads(getName() + "-exec-", getMaxThreads(), getDaemon(), getThreadPriority());
    setExecutor(w.pool());
    // Shut down by Tomcat with the endpoint, as its own pool would be.
    internalExecutor = true;
    workers = w;
  }

  /**
   * Stops the request threads as Tomcat stops its own pool: at once, waiting up to the endpoint's
   * termination timeout for requests in progress. Tomcat's own shutdown would take the pool's queue
   * for its {@code TaskQueue} and fail the connector's stop (logged as severe) on the plain queue.
   */
  @Override
  public void shutdownExecutor() {
    WorkerThreads w = workers;
    if (w != null) {
      w.stop(); // its watching thread, whoever runs the requests now
    }
    if (w == null || !internalExecutor || getExecutor() != w.pool()) {
      super.shutdownExecutor();
      return;
    }
    ThreadPoolExecutor pool = w.pool();
    setExecutor(null); // a later start makes new threads
    pool.shutdownNow();
    long timeout = getExecutorTerminationTimeoutMillis();
    if (timeout > 0) {
      try {
        pool.awaitTermination(timeout, TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** Most requests held up at once since start (each had a thread of its own added). */
  public int mostRequestsHeldUp() {
    WorkerThreads w = workers;
    return w == null ? 0 : w.mostHeldUp();
  }

  @Override
  public void startInternal() throws Exception {
    super.startInternal();
    headerDeadline.start();
  }

  @Override
  public void stopInternal() {
    headerDeadline.stop();
    super.stopInternal();
  }

  /** Connections refused for their address's cap since start. */
  public long refusedConnections() {
    return refused.get();
  }

  /** Connections closed for taking too long over their headers since start. */
  public long headerDeadlinesMissed() {
    return headerDeadline.closed();
  }

  /** Open connections per address. */
  public AddressQuota connectionsPerAddress() {
    return connectionsPerAddress;
  }
}
