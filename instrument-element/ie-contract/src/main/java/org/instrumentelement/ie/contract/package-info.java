/**
 * The Instrument Element's contract with its clients, in one place so that the server and every
 * client read the same names: the SOAP API's {@link org.instrumentelement.ie.contract.Wsdl WSDL}
 * and {@link org.instrumentelement.ie.contract.FaultCode fault codes}, and the JMS message
 * contract: {@link org.instrumentelement.ie.contract.TopicNames topic names}, {@link
 * org.instrumentelement.ie.contract.MessageProperty message properties} and the {@link
 * org.instrumentelement.ie.contract.ValueCodec little-endian value encodings}. JDK only. The
 * documentation (docs/subscriptions.md, docs/soap-api.md) is held to these classes by tests.
 */
package org.instrumentelement.ie.contract;
