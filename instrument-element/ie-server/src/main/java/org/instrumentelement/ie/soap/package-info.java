/**
 * The SOAP face of the Instrument Element: the service interface (whose WSDL clients use), its
 * plain implementation over {@link org.instrumentelement.ie.element.InstrumentElement} and the
 * mapping between the IM model and the XML messages. {@link
 * org.instrumentelement.ie.soap.InstrumentElementService} is the one port; it hands each operation
 * to the group of its concern ({@code DescribeOperations}, {@code ControlOperations}, {@code
 * SubscriptionOperations}, {@code ReservationOperations}, {@code StatusOperations}, {@code
 * LoginFailureOperations}), which share an {@code ElementView}: the IMs as the caller sees them.
 */
package org.instrumentelement.ie.soap;
