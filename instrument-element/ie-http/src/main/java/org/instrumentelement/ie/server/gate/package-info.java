/**
 * What a request to the Instrument Element must pass before its body is read: the method and path,
 * a SOAP content type, a size within the limits, valid credentials, room in the memory set aside
 * for requests and in its address's share, and a body that arrives within its deadline. The gate is
 * a servlet filter, so it works the same on the embedded Tomcat and in a WAR. Refusals are SOAP
 * faults in the IE's own shape, sent before anything of the body is read.
 */
package org.instrumentelement.ie.server.gate;
