package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlType;

/** Request: the health and figures of the Instrument Element. */
@XmlType(name = "GetStatus")
public class GetStatus {}
