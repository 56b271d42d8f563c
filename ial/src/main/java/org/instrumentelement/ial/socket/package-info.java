/**
 * The raw socket transport, {@code TCPIP[board]::host::port::SOCKET}: SCPI over a plain TCP
 * connection (port 5025 on most instruments), messages ended by the write terminator, replies by
 * the read terminator. A socket has no device clear and no END, so a clear or a timed-out read
 * reconnects: only a new connection guarantees that a late reply cannot reach the next query.
 */
package org.instrumentelement.ial.socket;
