package org.instrumentelement.ie.config;

import java.time.Duration;

/**
 * What the HTTP server allows, so that slow, numerous or large requests cannot exhaust the server:
 * its threads, its connection slots or its heap.
 *
 * @param maxConnections connections accepted at once (more wait in the operating system's queue)
 * @param maxThreads requests served at once
 * @param connectionTimeout how long a connection may stay silent while sending a request
 * @param requestHeaderTimeout how long a request's line and headers may take to arrive in total,
 *     however steadily they trickle in
 * @param requestBodyTimeout how long a SOAP request's body may take to arrive in total
 * @param maxConnectionsPerAddress connections one client address may hold open at once
 * @param maxRequestsPerAddress SOAP requests one client address may have in progress at once
 * @param requestMemoryBytes heap that the SOAP requests in progress may take together, bodies and
 *     what parsing them builds
 * @param trustedProxies addresses whose {@code X-Forwarded-For} names the real client (a reverse
 *     proxy, the VCR portal on this machine): per-address limits and login throttling then count
 *     that client, not the proxy
 */
public record HttpLimits(
    int maxConnections,
    int maxThreads,
    Duration connectionTimeout,
    Duration requestHeaderTimeout,
    Duration requestBodyTimeout,
    int maxConnectionsPerAddress,
    int maxRequestsPerAddress,
    long requestMemoryBytes,
    java.util.Set<java.net.InetAddress> trustedProxies) {

  public HttpLimits {
    trustedProxies = java.util.Set.copyOf(trustedProxies);
  }

  /** The {@code http.*} limits and {@code soap.requestMemory}. */
  static HttpLimits read(KeyValues keys) throws ConfigException {
    return new HttpLimits(
        keys.get(ConfigKeys.HTTP_MAX_CONNECTIONS),
        keys.get(ConfigKeys.HTTP_MAX_THREADS),
        keys.get(ConfigKeys.HTTP_CONNECTION_TIMEOUT),
        keys.get(ConfigKeys.HTTP_REQUEST_HEADER_TIMEOUT),
        keys.get(ConfigKeys.HTTP_REQUEST_BODY_TIMEOUT),
        keys.get(ConfigKeys.HTTP_MAX_CONNECTIONS_PER_ADDRESS),
        keys.get(ConfigKeys.HTTP_MAX_REQUESTS_PER_ADDRESS),
        keys.get(ConfigKeys.SOAP_REQUEST_MEMORY),
        keys.get(ConfigKeys.HTTP_TRUSTED_PROXIES));
  }
}
