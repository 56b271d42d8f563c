package org.instrumentelement.ie.config;

import java.util.Locale;

/**
 * Whether the IE announces itself over mDNS/DNS-SD ({@code _instrument-element._tcp}) so that
 * portals and people find it on the lab's network ({@code mdns.advertise}).
 */
public enum MdnsAdvertising {
  /**
   * When it listens where others can reach it: on {@code http.host}'s address unless that is a
   * loopback one, on every LAN interface when it listens on all. The default.
   */
  AUTO,
  /** On {@code http.host}'s address even if that is a loopback one (a test, a laptop). */
  ON,
  /** Never. */
  OFF;

  /** The value as written in the configuration. */
  public String configName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
