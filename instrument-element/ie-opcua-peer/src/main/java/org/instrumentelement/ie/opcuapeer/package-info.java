/**
 * The benchmark's OPC UA peer: what the IE is compared with, in the same figures. {@link
 * org.instrumentelement.ie.opcuapeer.PeerServer} is an Eclipse Milo server on loopback (security
 * None, Anonymous) holding one {@code Double[N]} variable per vector length, each either fixed (for
 * polling) or replaced R times a second by a new vector that carries its sequence number and its
 * time (for subscriptions). {@link org.instrumentelement.ie.opcuapeer.PeerLoad} is the load client:
 * many sessions, each reading a vector in a closed loop or subscribed to it, counting what they
 * get, driven line by line on its standard input so that the benchmark, in another JVM, chooses the
 * load and reads the counts when it reads the server's CPU time. No IE code: the benchmark starts
 * both from this module's jar.
 */
package org.instrumentelement.ie.opcuapeer;
