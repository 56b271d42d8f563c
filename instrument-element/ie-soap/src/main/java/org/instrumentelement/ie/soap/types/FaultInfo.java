package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlType;

/**
 * The detail of every fault the Instrument Element returns. {@code code} is machine-readable and
 * stable (UNKNOWN_IM, OUT_OF_RANGE, NOT_ALLOWED_IN_STATE, ...: see docs/soap-api.md); {@code
 * message} is for people.
 */
@XmlType(
    name = "FaultInfo",
    propOrder = {"code", "message", "im", "item"})
public class FaultInfo {
  public String code;
  public String message;

  /** The IM the request named, when there was one. */
  public String im;

  /** The attribute, parameter or command the request named, when there was one. */
  public String item;

  public FaultInfo() {}

  public FaultInfo(String code, String message, String im, String item) {
    this.code = code;
    this.message = message;
    this.im = im;
    this.item = item;
  }
}
