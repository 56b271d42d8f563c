/**
 * A Java client of the Instrument Element. {@link
 * org.instrumentelement.ie.client.InstrumentElementClient} opens the SOAP port generated from the
 * published WSDL ({@code org.instrumentelement.ie.client.soap}) and builds and reads values.
 */
package org.instrumentelement.ie.client;
