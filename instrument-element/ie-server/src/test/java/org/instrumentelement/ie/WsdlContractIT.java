package org.instrumentelement.ie;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.Node;

/**
 * The WSDL the server publishes must be the contract checked in as {@code
 * ie-contract/src/main/resources/wsdl/instrument-element.wsdl} ({@code Wsdl} in ie-contract), from
 * which the client (and every third-party client) is generated. After a deliberate API change,
 * refresh the file with {@code mvn -pl instrument-element/ie-server -am verify
 * -Dit.test=WsdlContractIT -Die.wsdl.update=true -Dfailsafe.failIfNoSpecifiedTests=false} and
 * review the diff.
 */
class WsdlContractIT {
  static final Path CHECKED_IN =
      Path.of("..", "ie-contract", "src", "main", "resources", "wsdl", "instrument-element.wsdl");
  static final String PUBLIC_ADDRESS = "http://localhost:8080/ie/services/InstrumentElement";

  @Test
  void publishedWsdlIsTheCheckedInContract() throws Exception {
    String served;
    String url;
    try (RunningElement e = RunningElement.mockLab()) {
      url = e.url();
      HttpResponse<String> r =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(URI.create(url + "?wsdl")).build(),
                  HttpResponse.BodyHandlers.ofString());
      assertEquals(200, r.statusCode());
      served = r.body().replace(url, PUBLIC_ADDRESS);
    }
    if (Boolean.getBoolean("ie.wsdl.update")) {
      Files.writeString(CHECKED_IN, served, StandardCharsets.UTF_8);
    }
    Map<String, String> expected = signature(Files.readString(CHECKED_IN, StandardCharsets.UTF_8));
    Map<String, String> actual = signature(served);
    List<String> differences = new ArrayList<>();
    for (String k : expected.keySet()) {
      if (!actual.containsKey(k)) {
        differences.add("removed " + k);
      } else if (!actual.get(k).equals(expected.get(k))) {
        differences.add(
            "changed " + k + ":\n  was " + expected.get(k) + "\n  now " + actual.get(k));
      }
    }
    for (String k : actual.keySet()) {
      if (!expected.containsKey(k)) {
        differences.add("added " + k);
      }
    }
    assertTrue(
        differences.isEmpty(),
        "the published WSDL differs from "
            + CHECKED_IN
            + " (see this class's comment):\n"
            + String.join("\n", differences));
    assertTrue(actual.keySet().stream().anyMatch(k -> k.contains("getAttribute")));
  }

  /** Every named definition of a WSDL, in a canonical text form that ignores document order. */
  static Map<String, String> signature(String wsdl) throws Exception {
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setNamespaceAware(true);
    f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    Element root =
        f.newDocumentBuilder()
            .parse(new ByteArrayInputStream(wsdl.getBytes(StandardCharsets.UTF_8)))
            .getDocumentElement();
    Map<String, String> out = new TreeMap<>();
    collect(root, "", out);
    return out;
  }

  private static void collect(Element e, String scope, Map<String, String> out) {
    for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (!(n instanceof Element child)) {
        continue;
      }
      String local = child.getLocalName();
      boolean container =
          local.equals("types")
              || local.equals("schema")
              || local.equals("portType")
              || local.equals("binding")
              || local.equals("service");
      String name = child.getAttribute("name");
      if (container) {
        collect(child, scope + local + (name.isEmpty() ? "" : "[" + name + "]") + "/", out);
      }
      if (!name.isEmpty() && !local.equals("schema")) {
        out.put(scope + local + "[" + name + "]", canonical(child));
      }
    }
  }

  private static String canonical(Element e) {
    StringBuilder b = new StringBuilder("<").append(e.getLocalName());
    NamedNodeMap attrs = e.getAttributes();
    Map<String, String> sorted = new TreeMap<>();
    for (int i = 0; i < attrs.getLength(); i++) {
      Node a = attrs.item(i);
      if (!a.getNodeName().startsWith("xmlns")) {
        String v = a.getNodeValue();
        // Prefixes are arbitrary: keep the local part of QName values.
        sorted.put(
            a.getLocalName() == null ? a.getNodeName() : a.getLocalName(),
            v.substring(v.indexOf(':') + 1));
      }
    }
    sorted.forEach((k, v) -> b.append(' ').append(k).append("=\"").append(v).append('"'));
    b.append('>');
    for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element c) {
        b.append(canonical(c));
      }
    }
    return b.append("</").append(e.getLocalName()).append('>').toString();
  }
}
