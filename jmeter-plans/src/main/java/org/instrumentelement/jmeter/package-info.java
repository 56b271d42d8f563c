/**
 * Load tests of an Instrument Element through its published interfaces only: the SOAP endpoint
 * (polled by JMeter's HTTP sampler, see {@code plans/*.jmx}) and the JMS topics (a JMeter Java
 * sampler, {@link org.instrumentelement.jmeter.jms.JmsSubscriberSampler}). Nothing here imports IE
 * server code; JMeter always runs in a JVM of its own.
 */
package org.instrumentelement.jmeter;
