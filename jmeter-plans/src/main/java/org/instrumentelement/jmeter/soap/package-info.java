/**
 * The few SOAP calls the plans and the experiment runner need (subscription information and
 * sampling settings), made with the JDK's HTTP client and plain XML so that neither JMeter nor the
 * runner carries a SOAP stack.
 */
package org.instrumentelement.jmeter.soap;
