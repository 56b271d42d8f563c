package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** Broker, topic, message format and sampling settings. */
@XmlType(
    name = "GetSubscriptionInfoResponse",
    propOrder = {"subscription"})
public class GetSubscriptionInfoResponse {
  @XmlElement(required = true)
  public SubscriptionInfo subscription;
}
