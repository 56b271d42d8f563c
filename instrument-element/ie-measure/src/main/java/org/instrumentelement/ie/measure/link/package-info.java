/**
 * A shaped wide-area link between measuring clients and an Instrument Element: {@link
 * org.instrumentelement.ie.measure.link.ShapedLink} puts one of a {@link
 * org.instrumentelement.ie.measure.link.LinkShape} (a rate per direction and a round trip) in front
 * of the IE's ports, through the kernel's {@code tc netem} where it has it, otherwise through a
 * delaying, rate-limiting TCP relay of its own; {@link
 * org.instrumentelement.ie.measure.link.LinkAccuracy} measures what a link really imposes. JDK
 * only, like the rest of the measurement module.
 */
package org.instrumentelement.ie.measure.link;
