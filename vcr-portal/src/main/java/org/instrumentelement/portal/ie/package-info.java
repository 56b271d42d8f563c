/**
 * The Instrument Elements as the portal sees them: remote SOAP endpoints, polled for reachability
 * with the portal's own account and called as the signed-in user. Everything goes through the
 * generated client of the published WSDL; every failure of a call becomes a {@code PortalError}
 * told apart by code, which refuses whatever depended on the call.
 */
package org.instrumentelement.portal.ie;
