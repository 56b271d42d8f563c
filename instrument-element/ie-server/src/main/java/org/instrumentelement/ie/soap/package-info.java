/**
 * The SOAP face of the Instrument Element: the service interface (whose WSDL clients use), its
 * plain implementation over {@link org.instrumentelement.ie.element.InstrumentElement}, and the
 * mapping between the IM model and the XML messages.
 */
package org.instrumentelement.ie.soap;
