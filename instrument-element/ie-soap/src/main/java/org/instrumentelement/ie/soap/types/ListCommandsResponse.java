package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlType;
import java.util.List;

/** The commands' statuses, newest first, without their intermediate and final results. */
@XmlType(
    name = "ListCommandsResponse",
    propOrder = {"status"})
public class ListCommandsResponse {
  public List<CommandStatusInfo> status;
}
