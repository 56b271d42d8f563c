package org.instrumentelement.ie.provenance;

import java.util.List;
import java.util.Map;

/**
 * Everything known of where the values of one IM came from at one provenance revision.
 *
 * @param element the Instrument Element's name
 * @param version the Instrument Element's version
 * @param revision the revision described
 * @param current the IM's revision now
 * @param address the instrument's resource string; empty for a group
 * @param identity the instrument's answer to its identity query ({@code *IDN?}), read at revision
 *     {@code identityRevision}; empty when the IM has none or it could not be read yet
 * @param identityRevision the revision at which {@code identity} was read; 0 when never
 * @param descriptor the SCPI descriptor the IM was configured with; empty for other IMs
 * @param mockModel the mock instrument model ({@code MOCK::<model>}); empty for a real instrument
 * @param parameters every parameter's value at {@code revision}, in the model's order
 * @param changes the changes up to {@code revision}, oldest first, at most {@link
 *     ProvenanceLog#KEPT_CHANGES}
 * @param changesForgotten how many older changes were dropped from the bounded log
 */
public record ProvenanceRecord(
    String element,
    String version,
    String im,
    String type,
    long revision,
    long current,
    String address,
    String description,
    String identity,
    long identityRevision,
    String descriptor,
    String mockModel,
    Map<String, String> parameters,
    List<ProvenanceChange> changes,
    long changesForgotten) {}
