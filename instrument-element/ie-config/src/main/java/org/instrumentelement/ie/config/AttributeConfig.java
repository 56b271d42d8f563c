package org.instrumentelement.ie.config;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.instrumentelement.im.alarm.AlarmLimits;
import org.instrumentelement.im.alarm.Statistic;

/**
 * Sampling settings of one attribute from {@code im.<name>.attribute.<attribute>.*}; {@code null}
 * where the file says nothing (the IM model and the global {@code sampling.*} defaults apply).
 *
 * @param subscribable overrides the IM model's choice
 * @param period sampling period; zero disables sampling
 * @param deadband smallest absolute change published
 * @param relativeDeadband smallest change published, as a fraction of the last value
 * @param heartbeat republish an unchanged value this often; zero disables
 * @param alarms alarm limits by statistic ({@link Statistic#VALUE} for a scalar), from {@code
 *     alarm.*} and {@code alarm.<statistic>.*}; empty for none
 * @param historyStatistics the statistics of a vector that the history archive keeps as series of
 *     their own ({@code history.statistics}; its default when not set)
 */
public record AttributeConfig(
    Boolean subscribable,
    Duration period,
    Double deadband,
    Double relativeDeadband,
    Duration heartbeat,
    Map<Statistic, AlarmLimits> alarms,
    Set<Statistic> historyStatistics) {

  public AttributeConfig {
    alarms = Map.copyOf(alarms);
    historyStatistics = Set.copyOf(historyStatistics);
  }

  /** The statistics the archive keeps of a vector attribute configured as {@code c} (null: not). */
  public static Set<Statistic> historyStatistics(AttributeConfig c) {
    return c == null ? ImSettings.defaultHistoryStatistics() : c.historyStatistics();
  }
}
