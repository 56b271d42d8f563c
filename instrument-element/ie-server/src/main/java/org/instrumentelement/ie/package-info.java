/**
 * The program and its wiring: {@link org.instrumentelement.ie.Main} reads the configuration and
 * {@link org.instrumentelement.ie.InstrumentElementRuntime} builds every part, hands each one the
 * narrow things it needs, starts them in order and stops them in reverse. Nothing below depends on
 * this package: it is the top of the server's package graph.
 */
package org.instrumentelement.ie;
