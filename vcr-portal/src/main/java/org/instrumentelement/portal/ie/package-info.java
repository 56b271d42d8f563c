/**
 * The Instrument Elements as the portal sees them: remote SOAP endpoints, polled for reachability
 * and their IMs' states. Everything goes through the generated client of the published WSDL.
 */
package org.instrumentelement.portal.ie;
