package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** Request: reserve an IM subtree for the caller (or extend the caller's reservation of it). */
@XmlType(
    name = "Reserve",
    propOrder = {"im", "durationMillis"})
public class Reserve implements ImRequest {
  /** The subtree's root IM path. */
  @XmlElement(required = true)
  public String im;

  /** How long; 5 minutes when absent, at most 8 hours. */
  public Long durationMillis;

  @Override
  public String targetIm() {
    return im;
  }
}
