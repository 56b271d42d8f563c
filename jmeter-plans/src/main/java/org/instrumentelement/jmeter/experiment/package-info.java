/**
 * The DORII polling-versus-subscription experiment in one command: starts an Instrument Element as
 * a separate process (or uses a given one) through {@code ie-measure}, runs the JMeter plans in
 * JMeter's own JVM point by point ({@link org.instrumentelement.jmeter.experiment.PointRunner},
 * {@link org.instrumentelement.jmeter.experiment.PlanRun}), reads the IE's CPU time from the
 * operating system, and writes the results ({@link
 * org.instrumentelement.jmeter.experiment.ResultsCsv}) and the report ({@link
 * org.instrumentelement.jmeter.experiment.Report} and its sections, SVG charts, JMeter's HTML
 * dashboard). Uses only the JDK and {@code ie-measure}: no JMeter, SOAP or JMS classes load here.
 */
package org.instrumentelement.jmeter.experiment;
