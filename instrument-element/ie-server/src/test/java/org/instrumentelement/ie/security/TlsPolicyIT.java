package org.instrumentelement.ie.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Only TLS 1.2 and 1.3 with forward-secret AEAD suites, on every TLS port (HTTPS, OpenWire, STOMP,
 * MQTT), even in a JVM whose own settings allow TLS 1.0 and 1.1, RSA key exchange and CBC suites:
 * the IE is started and probed by {@link TlsPolicyProbe} in such a JVM.
 */
class TlsPolicyIT {
  @TempDir Path dir;

  @Test
  void onlyTls12And13WithForwardSecretAeadSuitesOnEveryPort() throws Exception {
    TestCertificates certificates = TestCertificates.make(dir);
    Path relaxed =
        Files.writeString(
            dir.resolve("relaxed.security"),
            "jdk.tls.disabledAlgorithms=NULL\njdk.certpath.disabledAlgorithms=MD2\n");
    Path output = dir.resolve("probe.out");
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Djava.security.properties=" + relaxed);
    cmd.addAll(List.of("-cp", System.getProperty("java.class.path")));
    cmd.add(TlsPolicyProbe.class.getName());
    cmd.add(certificates.keystore().toString());
    cmd.add(certificates.trustStore().toString());
    Process p =
        new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(output.toFile()).start();
    boolean done = p.waitFor(5, TimeUnit.MINUTES);
    if (!done) {
      p.destroyForcibly();
    }
    String out = Files.readString(output, StandardCharsets.UTF_8);
    List<String> lines =
        out.lines().filter(l -> l.startsWith("PROBE ")).map(l -> l.substring(6)).toList();
    assertTrue(done && lines.contains("DONE"), out);

    assertTrue(
        lines.contains("control TLSv1.1 TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA OK"),
        "the probing JVM itself must offer and accept TLS 1.1: " + lines);
    List<String> expected = new ArrayList<>();
    for (String port : List.of("https", "ssl", "stomp+ssl", "mqtt+ssl")) {
      for (int i = 0; i < TlsPolicyProbe.ATTEMPTS.size(); i++) {
        String[] a = TlsPolicyProbe.ATTEMPTS.get(i);
        expected.add(port + " " + a[0] + " " + a[1] + (i < 3 ? " OK" : " REFUSED"));
      }
    }
    assertEquals(
        expected,
        lines.stream().filter(l -> !l.startsWith("control") && !l.equals("DONE")).toList());
  }
}
