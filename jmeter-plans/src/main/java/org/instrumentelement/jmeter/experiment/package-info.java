/**
 * The DORII polling-versus-subscription experiment in one command: starts an Instrument Element as
 * a separate process (or uses a given one), runs the JMeter plans in JMeter's own JVM point by
 * point, reads the IE's CPU time from the operating system, and writes the report (Markdown, SVG
 * charts, JMeter's HTML dashboard). Uses only the JDK: no JMeter, SOAP or JMS classes load here.
 */
package org.instrumentelement.jmeter.experiment;
