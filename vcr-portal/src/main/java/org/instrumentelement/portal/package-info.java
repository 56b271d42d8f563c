/**
 * The VCR portal: the operators' web page onto one or more Instrument Elements. It reaches them
 * only through their published SOAP API and JMS topics ({@code ie-client}), as any remote client
 * would. {@link org.instrumentelement.portal.PortalInitializer} installs it into a servlet context:
 * the IE's embedded Tomcat, or any Servlet 6.1 container from {@code vcr.war}.
 */
package org.instrumentelement.portal;
