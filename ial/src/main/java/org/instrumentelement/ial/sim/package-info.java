/**
 * The instrument simulator: mock devices (described by data, see {@code
 * org.instrumentelement.ial.mock}) served over the real wire protocols, raw socket, VXI-11 (with
 * its own portmapper) and HiSLIP, so that the LAN transports, and the whole Instrument Element, can
 * be exercised without hardware. Runnable as {@link
 * org.instrumentelement.ial.sim.InstrumentSimulator}; tests start it in their JVM on free ports.
 */
package org.instrumentelement.ial.sim;
