package org.instrumentelement.ie.hostile;

import static org.instrumentelement.ie.hostile.HostileInput.envelope;
import static org.instrumentelement.ie.hostile.HostileInput.fault;
import static org.instrumentelement.ie.hostile.HostileInput.getState;
import static org.instrumentelement.ie.hostile.HostileInput.setParameter;

import java.util.List;

/**
 * Document type declarations: external entities (XXE, SSRF), entity expansion (billion laughs,
 * quadratic blowup) and XInclude. Every DTD is refused before any entity is read or expanded.
 */
final class EntityInputs {
  private EntityInputs() {}

  static final String MALFORMED = "MALFORMED_REQUEST";

  static List<HostileInput> inputs() {
    return List.of(
        fault(
            "external entity reading /etc/passwd",
            MALFORMED,
            "<?xml version=\"1.0\"?><!DOCTYPE x [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>"
                + setParameter("coupling", "<ie:stringValue>&xxe;</ie:stringValue>")),
        fault(
            "external entity fetching a URL",
            MALFORMED,
            "<!DOCTYPE x [<!ENTITY xxe SYSTEM \"" + Canary.URL + "\">]>" + getState("&xxe;")),
        fault(
            "external parameter entity",
            MALFORMED,
            "<!DOCTYPE x [<!ENTITY % p SYSTEM \"" + Canary.URL + "\"> %p;]>" + getState("lab")),
        fault(
            "external DTD subset",
            MALFORMED,
            "<!DOCTYPE soap:Envelope SYSTEM \"" + Canary.URL + "\">" + getState("lab")),
        fault(
            "public identifier with an external DTD",
            MALFORMED,
            "<!DOCTYPE soap:Envelope PUBLIC \"-//X//Y\" \"" + Canary.URL + "\">" + getState("lab")),
        fault("empty internal DTD", MALFORMED, "<!DOCTYPE soap:Envelope>" + getState("lab")),
        fault(
            "internal entity naming an IM",
            MALFORMED,
            "<!DOCTYPE x [<!ENTITY s \"lab/scope\">]>" + getState("&s;")),
        fault("billion laughs", MALFORMED, billionLaughs() + getState("&a10;")),
        fault("quadratic blowup", MALFORMED, quadraticBlowup()),
        fault(
            "entity in an attribute value",
            MALFORMED,
            "<!DOCTYPE x [<!ENTITY e \"DOUBLE\">]>"
                + setParameter("timebase", "<ie:doubleValue>0.002</ie:doubleValue>")
                    .replace("<ie:value>", "<ie:value type=\"&e;\">")),
        fault(
            "default attribute from the DTD",
            MALFORMED,
            "<!DOCTYPE x [<!ATTLIST ie:value type CDATA \"BOOLEAN\">]>"
                + setParameter("timebase", "<ie:doubleValue>0.002</ie:doubleValue>")),
        fault(
            "XInclude of /etc/passwd inside a value",
            MALFORMED,
            setParameter(
                "coupling",
                "<ie:stringValue><xi:include xmlns:xi=\"http://www.w3.org/2001/XInclude\""
                    + " href=\"file:///etc/passwd\" parse=\"text\"/></ie:stringValue>")),
        fault(
            "XInclude of a URL as the request",
            MALFORMED,
            envelope(
                "<xi:include xmlns:xi=\"http://www.w3.org/2001/XInclude\" href=\""
                    + Canary.URL
                    + "\"/>")),
        fault(
            "schema location pointing outside",
            "UNKNOWN_IM",
            getState("lab/none")
                .replace(
                    "<ie:getState>",
                    "<ie:getState xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\""
                        + " xsi:schemaLocation=\"http://instrumentelement.org/ie/1 "
                        + Canary.URL
                        + "\">")));
  }

  /** Ten levels of ten references: 10^10 "lol"s if expanded. */
  static String billionLaughs() {
    StringBuilder dtd =
        new StringBuilder("<?xml version=\"1.0\"?><!DOCTYPE x [<!ENTITY a0 \"lol\">");
    for (int i = 1; i <= 10; i++) {
      dtd.append("<!ENTITY a").append(i).append(" \"");
      dtd.append(("&a" + (i - 1) + ";").repeat(10));
      dtd.append("\">");
    }
    return dtd.append("]>").toString();
  }

  /** One 20,000-character entity referenced 2,000 times: 40 MB if expanded. */
  static String quadraticBlowup() {
    return "<!DOCTYPE x [<!ENTITY big \""
        + "x".repeat(20_000)
        + "\">]>"
        + getState("&big;".repeat(2_000));
  }
}
