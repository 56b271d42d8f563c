package org.instrumentelement.ial.scpi.device;

import java.util.Locale;
import java.util.Map;

/**
 * Suffix units with multipliers (IEEE 488.2 section 7.7.3): {@code 200 MV} is 0.2 V, {@code 5US}
 * 5e-6 s. {@code M} is milli, {@code MA} mega, except in {@code MHZ} and {@code MOHM}, which are
 * mega as the standard says.
 */
public final class UnitSuffix {
  private static final Map<String, Double> MULTIPLIERS =
      Map.ofEntries(
          Map.entry("EX", 1e18),
          Map.entry("PE", 1e15),
          Map.entry("T", 1e12),
          Map.entry("G", 1e9),
          Map.entry("MA", 1e6),
          Map.entry("K", 1e3),
          Map.entry("M", 1e-3),
          Map.entry("U", 1e-6),
          Map.entry("N", 1e-9),
          Map.entry("P", 1e-12),
          Map.entry("F", 1e-15),
          Map.entry("A", 1e-18));

  private UnitSuffix() {}

  /**
   * The factor that turns a number sent with {@code suffix} into {@code unit}.
   *
   * @param suffix the received suffix, upper case ({@code MV})
   * @param unit the unit the setting accepts ({@code V}), or {@code null} if it accepts none
   * @throws ScpiErrorException -138 if the setting takes no suffix, -131 if this one is not its
   *     unit
   */
  public static double multiplier(String suffix, String unit) throws ScpiErrorException {
    if (suffix.isEmpty()) {
      return 1;
    }
    if (unit == null) {
      throw new ScpiErrorException(ScpiError.SUFFIX_NOT_ALLOWED.withDetail(suffix));
    }
    String u = unit.toUpperCase(Locale.ROOT);
    if (suffix.equals(u)) {
      return 1;
    }
    if (suffix.equals("M" + u) && (u.equals("HZ") || u.equals("OHM"))) {
      return 1e6;
    }
    if (suffix.endsWith(u)) {
      Double m = MULTIPLIERS.get(suffix.substring(0, suffix.length() - u.length()));
      if (m != null) {
        return m;
      }
    }
    throw new ScpiErrorException(ScpiError.INVALID_SUFFIX.withDetail(suffix + " (unit " + u + ")"));
  }
}
