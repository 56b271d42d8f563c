package org.instrumentelement.ie.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.instrumentelement.ie.RunningElement;
import org.instrumentelement.ie.nodesim.NodeSimulator;
import org.instrumentelement.ie.nodesim.SimulatorOptions;
import org.instrumentelement.ie.pubsub.transport.ClientProtocol;
import org.instrumentelement.im.InstrumentManager;
import org.instrumentelement.im.model.ImException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Nodes on a laboratory network reach an IE with a keystore over MQTT with TLS ({@code
 * mqtt+ssl://}), the plain port being this machine's only: the simulator's nodes trust the IE's
 * certificate from a trust store and log in with their accounts.
 */
class SensorNodeTlsIT {
  @TempDir static Path dir;

  @Test
  void nodesPublishOverTls() throws Exception {
    TestCertificates certificates = TestCertificates.make(dir);
    Path users = dir.resolve("users.properties");
    Files.writeString(
        users,
        SensorNetworkIT.user("t1", "node", "lab/sensors:t1")
            + SensorNetworkIT.user("t2", "node", "lab/sensors:t2"));
    try (RunningElement running =
        RunningElement.mockLab(
            "--security.users=" + users,
            "--http.tls.keystore=" + certificates.keystore(),
            "--http.tls.keystorePassword=" + TestCertificates.PASSWORD,
            "--im.sensors.type=sensor-network",
            "--im.sensors.parent=lab")) {
      String url = running.runtime.broker().tlsUrl(ClientProtocol.MQTT);
      assertTrue(url.startsWith("mqtt+ssl://"), url);
      InstrumentManager im = running.ie.node("lab/sensors").im();
      try (NodeSimulator nodes =
          NodeSimulator.start(
              SimulatorOptions.parse(
                  "--broker=ssl://localhost:" + SensorNetworkIT.port(url),
                  "--trust-store=" + certificates.trustStore(),
                  "--trust-store-password=" + TestCertificates.PASSWORD,
                  "--nodes=2",
                  "--name=t",
                  "--rate=10",
                  "--user={node}",
                  "--password={node}"))) {
        long deadline = System.nanoTime() + SensorNetworkIT.WAIT.toNanos();
        while (good(im) < 2) {
          if (System.nanoTime() > deadline) {
            throw new AssertionError("the nodes were never heard over TLS");
          }
          synchronized (this) {
            wait(50); // a bounded poll of a state we cannot be notified of
          }
        }
        assertEquals(2, nodes.connected());
      }
    }
  }

  @Test
  void aTrustStoreThatCannotBeReadIsNamed() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                NodeSimulator.start(
                    SimulatorOptions.parse(
                        "--broker=ssl://localhost:1", "--trust-store=" + dir.resolve("none.p12"))));
    assertTrue(e.getMessage().startsWith("--trust-store "), e.getMessage());
  }

  private static long good(InstrumentManager im) {
    try {
      return im.getAttribute("goodNodes").asLong();
    } catch (ImException e) {
      throw new AssertionError(e);
    }
  }
}
