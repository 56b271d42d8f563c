/**
 * Serving the SOAP API over HTTP: embedded Tomcat, the CXF servlet that publishes the endpoint, and
 * the interceptors that guard it (request size, MTOM negotiation, fault details).
 */
package org.instrumentelement.ie.server;
