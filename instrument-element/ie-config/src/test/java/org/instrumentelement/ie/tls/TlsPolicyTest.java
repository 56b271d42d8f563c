package org.instrumentelement.ie.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;

/**
 * The one TLS policy, and the places outside the code that must say the same: Tomcat's connector
 * for the WAR, the external broker's connector and the list in docs/security.md.
 */
class TlsPolicyTest {
  static final Path ROOT = Path.of("..", "..");

  @Test
  void serversOfferOnlyTheProtocolsAndSuitesOfThePolicy() throws Exception {
    SSLContext ctx = SSLContext.getInstance("TLS");
    ctx.init(null, null, null);
    SSLParameters p =
        TlsPolicy.serverParameters(ctx.getSupportedSSLParameters().getCipherSuites(), true);
    assertEquals(List.of("TLSv1.3", "TLSv1.2"), List.of(p.getProtocols()));
    assertEquals(TlsPolicy.CIPHER_SUITES, List.of(p.getCipherSuites()));
    assertTrue(p.getUseCipherSuitesOrder());
    assertTrue(p.getWantClientAuth());
    assertFalse(p.getNeedClientAuth(), "a certificate is one way to log in, not a requirement");
    assertFalse(
        TlsPolicy.serverParameters(new String[] {"TLS_AES_128_GCM_SHA256"}, false)
            .getWantClientAuth());
    assertEquals(
        List.of("TLS_AES_128_GCM_SHA256"),
        List.of(
            TlsPolicy.serverParameters(
                    new String[] {"TLS_AES_128_GCM_SHA256", "TLS_RSA_WITH_NULL_SHA"}, false)
                .getCipherSuites()));
    for (String suite : TlsPolicy.CIPHER_SUITES) {
      assertTrue(
          suite.startsWith("TLS_ECDHE_") || !suite.contains("_WITH_"),
          suite + " is ECDHE or a TLS 1.3 suite");
      assertTrue(suite.contains("_GCM_") || suite.contains("CHACHA20_POLY1305"), suite);
    }
  }

  @Test
  void tomcatsConnectorForTheWarHasTheSameSettings() throws Exception {
    Element ssl =
        (Element)
            DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(ROOT.resolve("deploy/tomcat/server-tls-connector.xml").toFile())
                .getElementsByTagName("SSLHostConfig")
                .item(0);
    assertEquals(TlsPolicy.tomcatProtocols(), ssl.getAttribute("protocols"));
    assertEquals(TlsPolicy.tomcatCiphers(), ssl.getAttribute("ciphers"));
    assertEquals(TlsPolicy.tomcatCipherSuites(), ssl.getAttribute("cipherSuites"));
    List<String> both = new java.util.ArrayList<>();
    both.addAll(List.of(ssl.getAttribute("cipherSuites").split(",")));
    both.addAll(List.of(ssl.getAttribute("ciphers").split(",")));
    assertEquals(TlsPolicy.CIPHER_SUITES, both);
  }

  @Test
  void theDocumentationListsTheSameSuites() throws Exception {
    String doc = Files.readString(ROOT.resolve("docs/security.md"), StandardCharsets.UTF_8);
    Matcher connector =
        Pattern.compile("name=\"ssl\" uri=\"[^\"]*enabledCipherSuites=([^&\"]+)").matcher(doc);
    assertTrue(connector.find(), "no ssl connector in docs/security.md");
    assertEquals(TlsPolicy.CIPHER_SUITES, Arrays.asList(connector.group(1).split(",")));
    String section = doc.substring(doc.indexOf("### Protocols and cipher suites"));
    section = section.substring(0, section.indexOf("\n### ", 5));
    Matcher named = Pattern.compile("`(TLS_[A-Z0-9_]+)`").matcher(section);
    List<String> listed = named.results().map(m -> m.group(1)).toList();
    assertEquals(TlsPolicy.CIPHER_SUITES, listed);
  }
}
