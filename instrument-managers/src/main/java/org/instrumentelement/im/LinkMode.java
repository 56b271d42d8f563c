package org.instrumentelement.im;

import java.util.Locale;

/**
 * What linking does with an instrument that may already be set up ({@code im.<name>.onLink}). An
 * instrument can keep its settings while the Instrument Element restarts; the mode says whether the
 * IE's values or the instrument's win.
 */
public enum LinkMode {
  /** Send the configured parameter values; values set at run time before a restart are dropped. */
  APPLY("apply"),

  /** Send the parameter values the IM had at run time before the restart (else the configured). */
  RESTORE("restore"),

  /**
   * Send no parameter: read the instrument's current settings into the IM and change none of them.
   * Parameters the IM cannot query keep the IM's value, unsent.
   */
  READ_BACK("readBack");

  private final String configName;

  LinkMode(String configName) {
    this.configName = configName;
  }

  /** The name used in configuration files ({@code apply}, {@code restore}, {@code readBack}). */
  public String configName() {
    return configName;
  }

  /**
   * The mode named {@code name}, in any letter case.
   *
   * @throws IllegalArgumentException for another name, with the accepted ones
   */
  public static LinkMode of(String name) {
    for (LinkMode m : values()) {
      if (m.configName.toLowerCase(Locale.ROOT).equals(name.trim().toLowerCase(Locale.ROOT))) {
        return m;
      }
    }
    throw new IllegalArgumentException(
        "'" + name + "' is not a link mode (apply, restore or readBack)");
  }
}
