/**
 * The alarms of an Instrument Element: the {@link org.instrumentelement.ie.alarm.AlarmBoard} of
 * active alarms (raised by the limits the samplers evaluate, by failing samples and by IMs in
 * ERROR), their acknowledgement, the limits set in configuration or at run time ({@link
 * org.instrumentelement.ie.alarm.Alarms}), and the alarm topic ({@link
 * org.instrumentelement.ie.alarm.AlarmTopic}, format in {@link
 * org.instrumentelement.ie.alarm.AlarmMessages}).
 */
package org.instrumentelement.ie.alarm;
