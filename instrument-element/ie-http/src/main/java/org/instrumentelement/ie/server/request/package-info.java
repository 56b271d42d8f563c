/**
 * Reading a SOAP request strictly, before the service sees it: the envelope and each operation's
 * message are checked against the request types as the events stream past (no second pass, no
 * schema validator), every typed value is checked with its XML Schema type's rules where JAXB would
 * silently drop or bend it, and the document is read to its end. A request that fails gets a {@link
 * org.instrumentelement.ie.server.request.RequestRefused} with a fault code and a message in the
 * IE's own words.
 */
package org.instrumentelement.ie.server.request;
