/**
 * Measuring an Instrument Element from outside, shared by the benchmark ({@code ie-benchmark}) and
 * the JMeter experiment ({@code jmeter-plans}): {@link org.instrumentelement.ie.measure.IeProcess}
 * starts an IE from its runnable jar on free ports and stops it, {@link
 * org.instrumentelement.ie.measure.ProcessCpu} and {@link
 * org.instrumentelement.ie.measure.CpuTimeline} read a process's CPU time from {@code /proc},
 * {@link org.instrumentelement.ie.measure.Machine} describes the machine a figure was measured on,
 * and {@link org.instrumentelement.ie.measure.LocalhostKey} makes the key of an IE started over TLS
 * with {@link org.instrumentelement.ie.measure.Keytool} (the portal's TLS test uses it too, and the
 * TLS tests' certificates are made with keytool the same way); {@code ...measure.link} puts a
 * shaped wide-area link between the measurements and the IE. JDK only, and no IE classes: the IE is
 * reached through its process, its log and its published endpoints, as an operator reaches it.
 */
package org.instrumentelement.ie.measure;
