package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlType;
import java.util.List;

/**
 * Where the values of one IM came from at one provenance revision: the Instrument Element, the IM,
 * its instrument, every parameter's value, and the changes that led there.
 */
@XmlType(
    name = "ProvenanceInfo",
    propOrder = {
      "element",
      "version",
      "im",
      "type",
      "revision",
      "currentRevision",
      "address",
      "description",
      "identity",
      "identityRevision",
      "descriptor",
      "mockModel",
      "parameter",
      "change",
      "changesForgotten"
    })
public class ProvenanceInfo {
  /** The Instrument Element's name. */
  public String element;

  /** The Instrument Element's version. */
  public String version;

  /** The IM's path. */
  public String im;

  /** The IM's type. */
  public String type;

  /** The revision described. */
  public long revision;

  /** The IM's revision now. */
  public long currentRevision;

  /** The instrument's resource string; empty for a group. */
  public String address;

  public String description;

  /**
   * The instrument's answer to its identity query ({@code *IDN?}), read once per revision when
   * asked; absent when the IM has none or it could not be read yet.
   */
  public String identity;

  /** The revision {@code identity} was read at. */
  public Long identityRevision;

  /** The SCPI descriptor of a descriptor-driven IM. */
  public String descriptor;

  /** The model of a mock instrument ({@code MOCK::<model>}). */
  public String mockModel;

  /** Every parameter's value at {@code revision}, as text, in the IM's order. */
  public List<ParameterValue> parameter;

  /** The changes up to {@code revision}, oldest first; the last 1,000 are kept. */
  public List<ParameterChangeInfo> change;

  /** How many older changes the bounded log has dropped. */
  public long changesForgotten;
}
