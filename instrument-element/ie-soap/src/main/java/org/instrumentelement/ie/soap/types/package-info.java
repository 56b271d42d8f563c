/**
 * The XML messages of the Instrument Element's SOAP API (document/literal). These classes define
 * the schema inside the published WSDL: element and type names here are the wire contract. Every
 * operation takes one request element named after it and returns one {@code <op>Response} element,
 * so optional fields can be added later without changing any operation's signature.
 */
@XmlSchema(namespace = Namespaces.IE, elementFormDefault = XmlNsForm.QUALIFIED)
@XmlAccessorType(XmlAccessType.FIELD)
package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlAccessType;
import jakarta.xml.bind.annotation.XmlAccessorType;
import jakarta.xml.bind.annotation.XmlNsForm;
import jakarta.xml.bind.annotation.XmlSchema;
