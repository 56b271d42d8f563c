/**
 * Alarm limits of attributes, evaluated on the sampler's samples: a {@link
 * org.instrumentelement.im.alarm.LimitCondition} applies warning and alarm limits with a hysteresis
 * and a delay to one number (a scalar attribute or a {@link
 * org.instrumentelement.im.alarm.Statistic} of a vector), and {@link
 * org.instrumentelement.im.alarm.AttributeAlarms} does so for every limited number of one
 * attribute, raises an alarm when its samples keep failing, and tells an {@link
 * org.instrumentelement.im.alarm.AlarmListener} of every change. Knows nothing of SOAP or JMS: the
 * Instrument Element keeps the active alarms and publishes them.
 */
package org.instrumentelement.im.alarm;
