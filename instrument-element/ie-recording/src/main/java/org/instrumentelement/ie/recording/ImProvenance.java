package org.instrumentelement.ie.recording;

import java.util.LinkedHashMap;
import java.util.Map;
import org.instrumentelement.ie.provenance.ProvenanceRecord;

/**
 * Where the data of one recorded IM came from: its path and type, the instrument's address and
 * identity (its answer to {@code *IDN?}), and every parameter's value (kept up to date from the
 * change log as the recording goes on). It starts as the IM's current {@link ProvenanceRecord}, so
 * the recording and {@code getProvenance} read the instrument the same way.
 *
 * @param identity empty when the IM has no {@code identity} attribute or could not be read
 */
record ImProvenance(
    String path,
    String type,
    String address,
    String description,
    String identity,
    Map<String, String> parameters) {

  ImProvenance {
    parameters = Map.copyOf(parameters);
  }

  /**
   * The IM as its current provenance record has it. The identity is taken only when it was read at
   * the current revision (this link of the instrument): an identity read at an earlier link may be
   * another instrument's.
   */
  static ImProvenance of(ProvenanceRecord current) {
    return new ImProvenance(
        current.im(),
        current.type(),
        current.address(),
        current.description(),
        current.identityRevision() == current.revision() ? current.identity() : "",
        current.parameters());
  }

  /** The same with one parameter's value changed. */
  ImProvenance with(String parameter, String value) {
    Map<String, String> p = new LinkedHashMap<>(parameters);
    p.put(parameter, value);
    return new ImProvenance(path, type, address, description, identity, p);
  }
}
