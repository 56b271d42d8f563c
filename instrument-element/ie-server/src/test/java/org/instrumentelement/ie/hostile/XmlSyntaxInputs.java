package org.instrumentelement.ie.hostile;

import static org.instrumentelement.ie.hostile.HostileInput.envelope;
import static org.instrumentelement.ie.hostile.HostileInput.fault;
import static org.instrumentelement.ie.hostile.HostileInput.getState;
import static org.instrumentelement.ie.hostile.HostileInput.setParameter;

import java.util.List;

/** Bodies that are not well-formed XML (1.0 with namespaces). */
final class XmlSyntaxInputs {
  private XmlSyntaxInputs() {}

  static final String MALFORMED = "MALFORMED_REQUEST";

  static List<HostileInput> inputs() {
    String good = getState("lab/scope");
    return List.of(
        fault(
            "mismatched end tag",
            MALFORMED,
            envelope("<ie:getState><ie:im>lab/scope</ie:im></ie:getStat>")),
        fault("not XML at all", MALFORMED, "this is not XML"),
        fault("empty body", MALFORMED, ""),
        fault("only whitespace", MALFORMED, "  \n\t  "),
        fault(
            "document ends inside the envelope",
            MALFORMED,
            good.substring(0, good.length() - "</soap:Envelope>".length())),
        fault("document ends inside a tag", MALFORMED, good.substring(0, 40)),
        fault("a second root element", MALFORMED, good + "<again/>"),
        fault("text after the root element", MALFORMED, good + "trailing"),
        fault(
            "unquoted attribute value",
            MALFORMED,
            good.replace("xmlns:ie=\"http://instrumentelement.org/ie/1\"", "xmlns:ie=urn:x")),
        fault(
            "unterminated attribute value",
            MALFORMED,
            envelope("<ie:getState a=\"1><ie:im>lab/scope</ie:im></ie:getState>")),
        fault(
            "duplicate attribute",
            MALFORMED,
            envelope("<ie:getState a=\"1\" a=\"2\"><ie:im>lab/scope</ie:im></ie:getState>")),
        fault(
            "undeclared namespace prefix",
            MALFORMED,
            envelope("<x:getState><x:im>lab/scope</x:im></x:getState>")),
        fault("character reference to U+0001", MALFORMED, getState("lab/&#1;scope")),
        fault("character reference to NUL", MALFORMED, getState("lab/scope&#0;")),
        fault("raw control character U+0001", MALFORMED, getState("lab/\u0001scope")),
        fault("raw control character U+001B", MALFORMED, getState("lab/\u001bscope")),
        fault("character reference beyond U+10FFFF", MALFORMED, getState("lab/&#x110000;")),
        fault("character reference to a surrogate", MALFORMED, getState("lab/&#xD800;")),
        fault("character reference to U+FFFE", MALFORMED, getState("lab/&#xFFFE;")),
        fault("undefined entity", MALFORMED, getState("lab/&scope;")),
        fault("bare ampersand", MALFORMED, getState("lab & scope")),
        fault("unescaped less-than in text", MALFORMED, getState("lab<scope")),
        fault(
            "unterminated CDATA section",
            MALFORMED,
            setParameter("coupling", "<ie:stringValue><![CDATA[DC</ie:stringValue>")),
        fault("unterminated comment", MALFORMED, getState("lab/scope<!-- ")),
        fault("double hyphen in a comment", MALFORMED, getState("lab/scope<!-- a -- b -->")),
        fault("XML declaration after whitespace", MALFORMED, "  <?xml version=\"1.0\"?>" + good),
        fault(
            "XML declaration in the middle",
            MALFORMED,
            envelope("<?xml version=\"1.0\"?><ie:getState><ie:im>lab/scope</ie:im></ie:getState>")),
        fault("XML version 2.0", MALFORMED, "<?xml version=\"2.0\"?>" + good),
        fault("unknown charset in the Content-Type", MALFORMED, good)
            .contentType("text/xml; charset=no-such-charset"),
        fault(
            "element name starting with a digit",
            MALFORMED,
            envelope("<ie:1getState><ie:im>lab/scope</ie:im></ie:1getState>")),
        fault(
            "namespace prefix bound to nothing",
            MALFORMED,
            envelope("<ie:getState xmlns:ie=\"\"><ie:im>lab/scope</ie:im></ie:getState>")),
        fault(
            "the xml prefix rebound",
            MALFORMED,
            envelope("<ie:getState xmlns:xml=\"urn:x\"><ie:im>lab/scope</ie:im></ie:getState>")));
  }
}
