package org.instrumentelement.ie.state;

import java.time.Instant;
import org.instrumentelement.im.alarm.AlarmLimits;

/**
 * Alarm limits of one number set at run time ({@code configureAlarmLimits}); {@link
 * AlarmLimits#NONE} when the admin removed them.
 *
 * @param by the admin who set them
 * @param at when
 */
public record StoredAlarmLimits(AlarmLimits limits, String by, Instant at) {}
