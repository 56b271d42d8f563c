package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlType;

/** Request: the recordings the caller may read. */
@XmlType(name = "ListRecordings")
public class ListRecordings {}
