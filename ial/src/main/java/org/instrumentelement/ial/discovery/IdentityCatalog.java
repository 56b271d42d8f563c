package org.instrumentelement.ial.discovery;

import java.util.List;

/**
 * A set of instrument profiles that declare the identities they fit (a descriptor's or a mock
 * model's {@code identity.matches}). The IAL's own catalog holds the mock models; a module with
 * more (the SCPI descriptors of instrument-managers) lists its catalog in {@code
 * META-INF/services/org.instrumentelement.ial.discovery.IdentityCatalog}, and discovery asks every
 * catalog on the class path.
 */
public interface IdentityCatalog {

  /**
   * The profiles fitting an instrument that answers {@code *IDN?} with {@code identity}, best
   * first; empty if none does.
   *
   * @param identity the whole {@code *IDN?} reply ({@code manufacturer,model,serial,firmware})
   */
  List<IdentityMatch> matches(String identity);

  /**
   * The manufacturer and model of an identity as patterns are matched against them: the first two
   * fields, trimmed, joined by a comma; empty if there are fewer than two.
   */
  static String makeAndModel(String identity) {
    String[] f = identity == null ? new String[0] : identity.split(",", 3);
    return f.length < 2 ? "" : f[0].trim() + "," + f[1].trim();
  }
}
