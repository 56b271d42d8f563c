/**
 * The embedded Tomcat's HTTP connector with what Tomcat lacks against slow and numerous clients: a
 * cap on the connections one client address may hold, and a total deadline for a request's line and
 * headers (Tomcat's own timeout is per read, so a client sending a byte now and then is never cut).
 * The servlet-level limits (body deadline, requests per address, memory) are in {@code server.gate}
 * and work in a WAR too; these need the connector.
 */
package org.instrumentelement.ie.server.connector;
