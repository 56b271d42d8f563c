package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlType;

/** Request (admin of everything): the addresses and user names with recent failed passwords. */
@XmlType(name = "ListLoginFailures")
public class ListLoginFailures {}
