/**
 * A JMS subscriber for JMeter: one per JMeter thread, each with its own broker connection, so that
 * every thread is one remote client. Written against the jakarta ActiveMQ 6 client because JMeter's
 * own JMS samplers are compiled against javax.jms.
 */
package org.instrumentelement.jmeter.jms;
