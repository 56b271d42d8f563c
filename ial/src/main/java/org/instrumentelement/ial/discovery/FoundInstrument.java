package org.instrumentelement.ial.discovery;

import java.util.List;

/**
 * One instrument discovery found: every address that reached it (best first: HiSLIP, VXI-11, raw
 * socket), what it answered to {@code *IDN?}, what fits it, and the configuration that adds it.
 *
 * @param identity the {@code *IDN?} reply (printable ASCII, cut to 256 characters), or {@code null}
 *     if no address of the host answered it
 * @param configuration the lines of an IE configuration that add it ({@code im.<name>.type = scpi},
 *     ...), or comment lines saying why there are none
 * @param notes what went wrong reaching it
 */
public record FoundInstrument(
    String host,
    String identity,
    List<String> resources,
    List<String> foundBy,
    List<IdentityMatch> matches,
    List<String> configuration,
    List<String> notes) {

  public FoundInstrument {
    resources = List.copyOf(resources);
    foundBy = List.copyOf(foundBy);
    matches = List.copyOf(matches);
    configuration = List.copyOf(configuration);
    notes = List.copyOf(notes);
  }

  /** The first match that drives the instrument (a descriptor), or {@code null}. */
  public IdentityMatch driver() {
    return matches.stream().filter(m -> !m.settings().isEmpty()).findFirst().orElse(null);
  }
}
