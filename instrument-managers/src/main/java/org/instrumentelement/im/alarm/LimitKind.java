package org.instrumentelement.im.alarm;

/** The four limits, by the name used in configuration keys and messages. */
public enum LimitKind {
  LOW_ALARM("lowAlarm", Severity.ALARM),
  LOW_WARNING("lowWarning", Severity.WARNING),
  HIGH_WARNING("highWarning", Severity.WARNING),
  HIGH_ALARM("highAlarm", Severity.ALARM);

  private final String configName;
  private final Severity severity;

  LimitKind(String configName, Severity severity) {
    this.configName = configName;
    this.severity = severity;
  }

  /** {@code lowAlarm}, {@code lowWarning}, {@code highWarning} or {@code highAlarm}. */
  public String configName() {
    return configName;
  }

  /** The severity of a value beyond this limit. */
  public Severity severity() {
    return severity;
  }

  /** The severity of a crossing, NONE for none ({@code null}). */
  static Severity of(LimitKind k) {
    return k == null ? Severity.NONE : k.severity;
  }
}
