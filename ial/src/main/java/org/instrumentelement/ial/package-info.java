/**
 * The Instrument Abstraction Layer: instrument sessions opened by VISA-style resource strings.
 *
 * <p>An Instrument Manager asks a {@link org.instrumentelement.ial.ResourceManager} for a session
 * by address ({@code MOCK::oscilloscope}, {@code TCPIP0::10.0.0.5::5025::SOCKET}, ...) and talks to
 * the instrument through {@link org.instrumentelement.ial.InstrumentSession} without caring how it
 * is connected. This package knows nothing of SOAP, JMS or servlet containers.
 */
package org.instrumentelement.ial;
