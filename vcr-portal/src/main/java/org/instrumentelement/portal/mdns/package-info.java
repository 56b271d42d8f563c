/**
 * The Instrument Elements announced over mDNS/DNS-SD on the portal's networks, browsed with JmDNS
 * ({@code portal.mdns.browse}): the only package of the portal that imports JmDNS.
 */
package org.instrumentelement.portal.mdns;
