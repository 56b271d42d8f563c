/**
 * The HiSLIP transport (IVI-6.1), {@code TCPIP[board]::host::hislipN[,port]::INSTR}: two TCP
 * connections to one port, a synchronous channel for Data/DataEnd messages and an asynchronous one
 * for device clear, status, locks and the maximum message size. Every message has a 16-byte header
 * ({@link org.instrumentelement.ial.hislip.HislipHeader}); replies carry the message id of the
 * message they answer, so a late reply is recognised and dropped.
 */
package org.instrumentelement.ial.hislip;
