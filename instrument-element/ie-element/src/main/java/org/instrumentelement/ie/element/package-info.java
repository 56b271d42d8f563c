/**
 * The Instrument Element's hierarchy of Instrument Managers, built from the configuration: {@link
 * org.instrumentelement.ie.element.InstrumentElement} creates, opens and closes the IMs, parents
 * before children, and {@link org.instrumentelement.ie.element.ImNode} is one IM in the tree. Knows
 * nothing of SOAP, HTTP or JMS: the service, the samplers and monitoring read it alike.
 */
package org.instrumentelement.ie.element;
