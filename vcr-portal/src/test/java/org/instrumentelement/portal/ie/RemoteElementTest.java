package org.instrumentelement.portal.ie;

import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.time.Duration;
import org.instrumentelement.ie.client.tls.ClientTls;
import org.instrumentelement.portal.auth.Credentials;
import org.junit.jupiter.api.Test;

class RemoteElementTest {
  /**
   * Every download from an IE goes through one HTTP client, whose threads last as long as it does;
   * each IE has its own (its own TLS trust and timeouts).
   */
  @Test
  void downloadsFromAnIeShareOneHttpClient() throws Exception {
    RemoteElement lab = element("lab");
    RemoteElement other = element("other");

    assertSame(lab.httpClient(), lab.httpClient());
    assertNotSame(lab.httpClient(), other.httpClient());
  }

  private static RemoteElement element(String name) {
    return new RemoteElement(
        name,
        "http://127.0.0.1:9/" + name + "/services/InstrumentElement",
        Credentials.NONE,
        ClientTls.DEFAULTS,
        Duration.ofSeconds(2));
  }
}
