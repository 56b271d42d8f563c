package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlType;
import java.util.List;

/** The subscribable attributes with their topics and figures. */
@XmlType(
    name = "ListSubscriptionsResponse",
    propOrder = {"subscription"})
public class ListSubscriptionsResponse {
  public List<SubscriptionInfo> subscription;
}
