/**
 * What every byte-stream transport shares: the overall {@link
 * org.instrumentelement.ial.transport.Deadline} of one operation, the reply buffer that finds read
 * terminators and reads IEEE 488.2 blocks ({@link
 * org.instrumentelement.ial.transport.MessageSession}), and the grammar of {@code TCPIP} resource
 * strings ({@link org.instrumentelement.ial.transport.TcpipAddress}). The raw socket, VXI-11 and
 * HiSLIP transports, and the in-memory mock, differ only in how bytes and END reach this buffer.
 */
package org.instrumentelement.ial.transport;
