package org.instrumentelement.ie.tls;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLServerSocketFactory;

/**
 * Makes TLS server sockets that accept only what the {@link TlsPolicy} allows, whoever creates them
 * (ActiveMQ's transport servers create their sockets themselves).
 */
final class PolicyServerSocketFactory extends SSLServerSocketFactory {
  private final SSLServerSocketFactory sockets;
  private final SSLParameters parameters;

  PolicyServerSocketFactory(SSLServerSocketFactory sockets, SSLParameters parameters) {
    this.sockets = sockets;
    this.parameters = parameters;
  }

  private ServerSocket restricted(ServerSocket s) {
    ((SSLServerSocket) s).setSSLParameters(parameters);
    return s;
  }

  @Override
  public ServerSocket createServerSocket() throws IOException {
    return restricted(sockets.createServerSocket());
  }

  @Override
  public ServerSocket createServerSocket(int port) throws IOException {
    return restricted(sockets.createServerSocket(port));
  }

  @Override
  public ServerSocket createServerSocket(int port, int backlog) throws IOException {
    return restricted(sockets.createServerSocket(port, backlog));
  }

  @Override
  public ServerSocket createServerSocket(int port, int backlog, InetAddress address)
      throws IOException {
    return restricted(sockets.createServerSocket(port, backlog, address));
  }

  @Override
  public String[] getDefaultCipherSuites() {
    return parameters.getCipherSuites().clone();
  }

  @Override
  public String[] getSupportedCipherSuites() {
    return parameters.getCipherSuites().clone();
  }
}
