package org.instrumentelement.ie.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.instrumentelement.ie.RunningElement;
import org.instrumentelement.ie.client.InstrumentElementClient;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.ListInstrumentManagers;
import org.instrumentelement.ie.measure.LocalhostKey;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * HTTPS with a self-signed development key, made with the JDK's keytool as docs/security.md says
 * ({@link LocalhostKey}).
 */
class TlsIT {
  @TempDir Path dir;

  @Test
  void soapOverHttpsWithASelfSignedKey() throws Exception {
    LocalhostKey key = LocalhostKey.make(dir);
    Path keystore = key.keyStore();
    Path truststore = key.trustStore();

    try (RunningElement running =
        RunningElement.mockLab(
            "--http.tls.keystore=" + keystore, "--http.tls.keystorePassword=changeit")) {
      String url = running.url();
      assertTrue(url.startsWith("https://localhost:"), url);
      InstrumentElementPort ie =
          InstrumentElementClient.connect(
              url,
              InstrumentElementClient.Options.DEFAULTS
                  .withCredentials("observer", "observer")
                  .withTrustStore(truststore, "changeit"));
      assertEquals(
          4, ie.listInstrumentManagers(new ListInstrumentManagers()).getInstrumentManager().size());

      InstrumentElementPort untrusting =
          InstrumentElementClient.connect(url, "observer", "observer");
      assertThrows(
          Exception.class,
          () -> untrusting.listInstrumentManagers(new ListInstrumentManagers()),
          "a client that does not trust the key is refused by its own TLS check");

      String plain = url.replace("https://", "http://") + "?wsdl";
      boolean plainRefused;
      try {
        HttpResponse<String> r =
            HttpClient.newHttpClient()
                .send(
                    HttpRequest.newBuilder(URI.create(plain)).build(),
                    HttpResponse.BodyHandlers.ofString());
        plainRefused = r.statusCode() >= 400;
      } catch (IOException e) {
        plainRefused = true;
      }
      assertTrue(plainRefused, "plain HTTP is not served on the TLS port");
    }
  }
}
