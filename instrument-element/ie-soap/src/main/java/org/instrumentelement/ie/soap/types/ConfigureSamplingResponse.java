package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** The settings now in effect. */
@XmlType(
    name = "ConfigureSamplingResponse",
    propOrder = {"subscription"})
public class ConfigureSamplingResponse {
  @XmlElement(required = true)
  public SubscriptionInfo subscription;
}
