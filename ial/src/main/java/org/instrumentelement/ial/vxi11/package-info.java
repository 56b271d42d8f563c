/**
 * The VXI-11 transport, {@code TCPIP[board]::host[,port][::inst0]::INSTR}: the VXI-11 core channel,
 * an ONC RPC program (RFC 5531) over TCP with record marking and XDR encoding (RFC 4506), found
 * through the portmapper (RFC 1833) unless the address names the port. The codecs ({@link
 * org.instrumentelement.ial.vxi11.XdrEncoder}, {@link org.instrumentelement.ial.vxi11.XdrDecoder},
 * {@link org.instrumentelement.ial.vxi11.RpcRecordCodec}, {@link
 * org.instrumentelement.ial.vxi11.RpcMessages}) work on bytes and streams, and also serve the
 * simulator's VXI-11 server.
 */
package org.instrumentelement.ial.vxi11;
