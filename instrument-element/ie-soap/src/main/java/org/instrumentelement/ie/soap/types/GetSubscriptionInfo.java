package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** Request: what to subscribe to for one attribute. */
@XmlType(
    name = "GetSubscriptionInfo",
    propOrder = {"im", "attribute"})
public class GetSubscriptionInfo implements ImRequest {
  /** The IM's path. */
  @XmlElement(required = true)
  public String im;

  @XmlElement(required = true)
  public String attribute;

  @Override
  public String targetIm() {
    return im;
  }
}
