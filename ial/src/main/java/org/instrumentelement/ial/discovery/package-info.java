/**
 * Finding instruments on the LAN, as VISA's find and the LXI discovery do: the VXI-11 portmapper
 * broadcast (RPC GETPORT on UDP port 111), mDNS/DNS-SD browsing of {@code _lxi._tcp}, {@code
 * _vxi-11._tcp}, {@code _hislip._tcp} and {@code _scpi-raw._tcp}, and optional subnets probed on
 * ports 5025, 111 and 4880; then each instrument's {@code *IDN?} asked through the IAL's own
 * sessions, and the descriptors and mock models that declare they fit it ({@link
 * org.instrumentelement.ial.discovery.IdentityCatalog}).
 *
 * <p>This is the only package of the IAL with a dependency beyond the JDK: JmDNS, for mDNS. The
 * simulator's advertisements go through it too ({@link
 * org.instrumentelement.ial.discovery.MdnsAdvertiser}), so that no other package imports JmDNS.
 *
 * <p>Whatever answers is untrusted: replies are capped in number and size, names and TXT records
 * are cut to length, everything runs within the time given, and an answer pointing outside the
 * network it came from is reported, never contacted.
 */
package org.instrumentelement.ial.discovery;
