/**
 * The program and its wiring: {@link org.instrumentelement.ie.Main} reads the configuration and
 * {@link org.instrumentelement.ie.InstrumentElementRuntime} builds every part, hands each one the
 * narrow things it needs, starts them in order and stops them in reverse. It is the top of the
 * server's modules, and the only package of {@code ie-server}: nothing below can see it.
 */
package org.instrumentelement.ie;
