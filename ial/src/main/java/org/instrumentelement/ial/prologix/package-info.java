/**
 * GPIB instruments behind Prologix-style LAN/GPIB gateways ({@code
 * PROLOGIX::host[,port]::gpib0,N[,S]::INSTR}): the {@code ++} command protocol, one shared
 * connection per gateway, sessions to different addresses serialised and kept apart.
 */
package org.instrumentelement.ial.prologix;
