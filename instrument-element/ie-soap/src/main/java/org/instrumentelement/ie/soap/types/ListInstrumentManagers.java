package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlType;

/** Request: every IM in the hierarchy, parents before children. */
@XmlType(
    name = "ListInstrumentManagers",
    propOrder = {})
public class ListInstrumentManagers {}
