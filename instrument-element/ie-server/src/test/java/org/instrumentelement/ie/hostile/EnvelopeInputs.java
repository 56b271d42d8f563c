package org.instrumentelement.ie.hostile;

import static org.instrumentelement.ie.hostile.HostileInput.envelope;
import static org.instrumentelement.ie.hostile.HostileInput.fault;
import static org.instrumentelement.ie.hostile.HostileInput.getState;

import java.util.List;

/**
 * Envelopes that are not this endpoint's SOAP 1.1, operations it does not have, and documents past
 * the parser's limits (nesting, element and attribute counts).
 */
final class EnvelopeInputs {
  private EnvelopeInputs() {}

  static final String MALFORMED = "MALFORMED_REQUEST";
  static final String TOO_LARGE = "REQUEST_TOO_LARGE";
  static final String SOAP12 = "http://www.w3.org/2003/05/soap-envelope";
  static final String GET_STATE = "<ie:getState><ie:im>lab/scope</ie:im></ie:getState>";

  static List<HostileInput> envelopes() {
    String soap12 = getState("lab/scope").replace(HostileInput.SOAP11, SOAP12);
    return List.of(
        fault("SOAP 1.2 envelope as text/xml", MALFORMED, soap12),
        fault("SOAP 1.2 envelope as application/soap+xml", MALFORMED, soap12)
            .contentType("application/soap+xml; charset=utf-8"),
        fault(
            "envelope in an unknown namespace",
            MALFORMED,
            getState("lab/scope").replace(HostileInput.SOAP11, "urn:not-soap")),
        fault(
            "envelope in no namespace",
            MALFORMED,
            "<Envelope><Body><ie:getState xmlns:ie=\"http://instrumentelement.org/ie/1\">"
                + "<ie:im>lab/scope</ie:im></ie:getState></Body></Envelope>"),
        fault(
            "operation without an envelope",
            MALFORMED,
            "<ie:getState xmlns:ie=\"http://instrumentelement.org/ie/1\">"
                + "<ie:im>lab/scope</ie:im></ie:getState>"),
        fault(
            "envelope without a body",
            MALFORMED,
            "<soap:Envelope xmlns:soap=\""
                + HostileInput.SOAP11
                + "\"><soap:Header/></soap:Envelope>"),
        fault("empty SOAP body", MALFORMED, envelope("")),
        fault("two bodies", MALFORMED, envelope(GET_STATE + "</soap:Body><soap:Body>" + GET_STATE)),
        fault(
            "header after the body",
            MALFORMED,
            envelope(GET_STATE).replace("</soap:Envelope>", "<soap:Header/></soap:Envelope>")),
        fault("two operations in one body", MALFORMED, envelope(GET_STATE + GET_STATE)),
        fault("text in the body", MALFORMED, envelope("hello")),
        fault(
            "header the endpoint must understand",
            MALFORMED,
            envelope(GET_STATE)
                .replace(
                    "<soap:Body>",
                    "<soap:Header><x:secret xmlns:x=\"urn:x\" soap:mustUnderstand=\"1\">1"
                        + "</x:secret></soap:Header><soap:Body>")),
        fault(
            "misspelt envelope element",
            MALFORMED,
            getState("lab/scope").replace("soap:Envelope", "soap:Envelop")),
        fault(
            "body in another namespace",
            MALFORMED,
            envelope(GET_STATE)
                .replace("soap:Body", "x:Body")
                .replace("<x:Body>", "<x:Body xmlns:x=\"urn:x\">")),
        fault(
            "a SOAP fault as the request",
            MALFORMED,
            envelope(
                "<soap:Fault><faultcode>soap:Client</faultcode><faultstring>x</faultstring></soap:Fault>")));
  }

  static List<HostileInput> operations() {
    return List.of(
        fault("unknown operation", MALFORMED, envelope("<ie:formatDisk/>")),
        fault(
            "operation in another namespace",
            MALFORMED,
            envelope("<x:getState xmlns:x=\"urn:x\"><x:im>lab/scope</x:im></x:getState>")),
        fault(
            "operation in no namespace",
            MALFORMED,
            envelope("<getState><im>lab/scope</im></getState>")),
        fault(
            "operation name in another case",
            MALFORMED,
            envelope("<ie:GetState><ie:im>lab/scope</ie:im></ie:GetState>")),
        fault(
            "a response element as the request",
            MALFORMED,
            envelope("<ie:getStateResponse><ie:state>RUNNING</ie:state></ie:getStateResponse>")),
        fault(
            "the fault element as the request",
            MALFORMED,
            envelope("<ie:fault><ie:code>OK</ie:code></ie:fault>")),
        fault(
            "unknown element inside an operation",
            MALFORMED,
            envelope(
                "<ie:getState><ie:im>lab/scope</ie:im><ie:force>true</ie:force></ie:getState>")),
        fault(
            "operation element in the header only",
            MALFORMED,
            envelope("")
                .replace(
                    "<soap:Body>", "<soap:Header>" + GET_STATE + "</soap:Header><soap:Body>")));
  }

  static List<HostileInput> limits() {
    return List.of(
        fault(
            "nesting 40 deep inside an operation",
            MALFORMED,
            envelope(
                "<ie:getState>" + "<ie:x>".repeat(40) + "</ie:x>".repeat(40) + "</ie:getState>")),
        fault(
            "nesting 5,000 deep",
            MALFORMED,
            envelope(
                "<ie:getState>" + "<a>".repeat(5000) + "</a>".repeat(5000) + "</ie:getState>")),
        fault(
            "nesting 5,000 deep in the header",
            MALFORMED,
            envelope(GET_STATE)
                .replace(
                    "<soap:Body>",
                    "<soap:Header>"
                        + "<a>".repeat(5000)
                        + "</a>".repeat(5000)
                        + "</soap:Header><soap:Body>")),
        fault(
            "nesting 5,000 deep inside a value",
            MALFORMED,
            HostileInput.setParameter(
                "timebase", "<ie:value>".repeat(5000) + "</ie:value>".repeat(5000))),
        fault(
            "10,001 children of one element",
            TOO_LARGE,
            envelope(
                "<ie:getAttributes><ie:im>lab/scope</ie:im>"
                    + "<ie:attribute/>".repeat(10_001)
                    + "</ie:getAttributes>")),
        fault(
            "65 attributes on one element",
            TOO_LARGE,
            envelope(GET_STATE.replace("<ie:getState>", "<ie:getState" + attributes(65) + ">"))),
        fault(
            "5,000 attributes on the envelope",
            TOO_LARGE,
            getState("lab/scope").replace("<soap:Envelope", "<soap:Envelope" + attributes(5000))),
        fault(
            "attribute value of 70,000 characters",
            TOO_LARGE,
            envelope(
                GET_STATE.replace(
                    "<ie:getState>", "<ie:getState a=\"" + "x".repeat(70_000) + "\">"))),
        fault(
            "2,000 namespace declarations",
            TOO_LARGE,
            envelope(GET_STATE.replace("<ie:getState>", "<ie:getState" + namespaces(2000) + ">"))));
  }

  static String attributes(int n) {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < n; i++) {
      s.append(" a").append(i).append("=\"x\"");
    }
    return s.toString();
  }

  static String namespaces(int n) {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < n; i++) {
      s.append(" xmlns:n").append(i).append("=\"urn:").append(i).append('"');
    }
    return s.toString();
  }
}
