/**
 * SCPI and IEEE 488.2 conventions on top of a session: the common commands ({@code *IDN?}, {@code
 * *RST}, {@code *CLS}, {@code *OPC?}), the error queue drained with {@code SYSTem:ERRor?} after
 * commands, and values made safe to send.
 */
package org.instrumentelement.ial.scpi;
