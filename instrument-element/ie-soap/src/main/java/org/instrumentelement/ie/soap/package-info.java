/**
 * The SOAP face of the Instrument Element: the service interface (whose WSDL clients use), its
 * plain implementation over {@link org.instrumentelement.ie.element.InstrumentElement} and the
 * mapping between the IM model and the XML messages. Each operation is declared once, on {@link
 * org.instrumentelement.ie.soap.InstrumentElementPort} with its {@link
 * org.instrumentelement.ie.soap.Access} (role, audit, reservations), and implemented once, by a
 * method of the same name in the group of its concern ({@code DescribeOperations}, {@code
 * ControlOperations}, {@code CommandOperations}, {@code SubscriptionOperations}, {@code
 * ReservationOperations}, {@code StatusOperations}, {@code LoginFailureOperations}, {@code
 * AlarmOperations}, {@code RecordingOperations}, {@code ProvenanceOperations}), which share an
 * {@code ElementView}: the IMs as the caller sees them. {@code OperationRouter} hands each call to
 * its group.
 */
package org.instrumentelement.ie.soap;
