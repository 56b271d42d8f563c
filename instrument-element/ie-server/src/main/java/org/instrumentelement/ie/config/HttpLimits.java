package org.instrumentelement.ie.config;

import java.time.Duration;

/**
 * What the HTTP connector allows, so that slow and numerous clients cannot exhaust the server.
 *
 * @param maxConnections connections accepted at once (more wait in the operating system's queue)
 * @param maxThreads requests served at once
 * @param connectionTimeout how long a connection may stay silent while sending a request
 */
public record HttpLimits(int maxConnections, int maxThreads, Duration connectionTimeout) {}
