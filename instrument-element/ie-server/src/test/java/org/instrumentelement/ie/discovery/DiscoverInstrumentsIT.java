package org.instrumentelement.ie.discovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.instrumentelement.ial.sim.InstrumentSimulator;
import org.instrumentelement.ie.RunningElement;
import org.instrumentelement.ie.client.soap.DiscoverInstruments;
import org.instrumentelement.ie.client.soap.DiscoverInstrumentsResponse;
import org.instrumentelement.ie.client.soap.DiscoveredInstrument;
import org.instrumentelement.ie.client.soap.InstrumentElementFault;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.config.ConfigLoader;
import org.instrumentelement.ie.security.UsersFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code discoverInstruments} over SOAP: an IE finds the simulator on the loopback network,
 * advertised over mDNS and answering the portmapper broadcast, with its {@code *IDN?}, the
 * descriptor that fits it and the configuration that adds it; only an admin of everything may ask,
 * and options out of bounds are refused with their fault codes.
 */
class DiscoverInstrumentsIT {
  @TempDir static Path dir;
  static InstrumentSimulator simulator;
  static RunningElement running;

  @BeforeAll
  static void start() throws Exception {
    simulator =
        InstrumentSimulator.builder()
            .models("keysight-scope", "dmm")
            .mdns(true)
            .portmapperBroadcast(true)
            .build()
            .start();
    Path users =
        UsersFile.write(
            dir.resolve("users.properties"),
            Map.of("chief", "admin:*", "labadmin", "admin:lab", "op", "control:*"));
    running =
        RunningElement.of(
            RunningElement.freePorts(
                ConfigLoader.load(
                    List.of("--security.users=" + users, "--login.throttle=false"), Map.of())));
  }

  @AfterAll
  static void stop() {
    running.close();
    simulator.close();
  }

  /** A discovery of the loopback network, where the simulator is. */
  static DiscoverInstruments loopback(long timeoutMillis) {
    DiscoverInstruments r = new DiscoverInstruments();
    r.setTimeoutMillis(timeoutMillis);
    r.getNetwork().add("127.0.0.1");
    r.setPortmapperPort(simulator.portmapperPort());
    return r;
  }

  static DiscoveredInstrument found(DiscoverInstrumentsResponse r, String identity) {
    return r.getInstrument().stream()
        .filter(i -> identity.equals(i.getIdentity()))
        .findFirst()
        .orElseThrow(
            () ->
                new AssertionError(
                    identity
                        + " not found; found "
                        + r.getInstrument().stream().map(i -> i.getIdentity()).toList()
                        + ", problems "
                        + r.getProblem()));
  }

  @Test
  void anAdminFindsTheSimulatorWithItsIdentityDescriptorAndConfiguration() throws Exception {
    // JmDNS resolves a service about two seconds after it starts browsing, after the simulator's
    // own probing: eight seconds leave room for a loaded machine (as DiscoverCommandIT).
    DiscoverInstrumentsResponse r =
        running.client("chief", "chief").discoverInstruments(loopback(8_000));
    DiscoveredInstrument scope = found(r, simulator.device(0).identity());
    assertEquals(simulator.hislipResource(0), scope.getResource().get(0), "HiSLIP first");
    assertTrue(
        scope.getResource().contains(simulator.vxi11Resource(0)), scope.getResource().toString());
    assertTrue(
        scope.getFoundBy().stream().anyMatch(f -> f.startsWith("portmapper broadcast")),
        scope.getFoundBy().toString());
    assertTrue(
        scope.getFoundBy().stream().anyMatch(f -> f.startsWith("mDNS _hislip._tcp")),
        scope.getFoundBy().toString());
    assertEquals("descriptor", scope.getMatch().get(0).getKind());
    assertEquals("keysight-infiniivision", scope.getMatch().get(0).getName());
    assertTrue(
        scope.getConfiguration().contains("im.dso-x-3024t.descriptor = keysight-infiniivision"),
        scope.getConfiguration().toString());
    assertTrue(
        scope
            .getConfiguration()
            .contains("im.dso-x-3024t.address = " + simulator.hislipResource(0)),
        scope.getConfiguration().toString());
    DiscoveredInstrument dmm = found(r, simulator.device(1).identity());
    assertEquals("scpi-dmm", dmm.getMatch().get(0).getName());
    assertTrue(r.getSearched().stream().anyMatch(s -> s.startsWith("mDNS on 127.0.0.0/8")));
  }

  @Test
  void maxInstrumentsBoundsTheAnswerAndSaysSo() throws Exception {
    DiscoverInstruments q = loopback(2_000);
    q.setMdns(false);
    q.setMaxInstruments(1);
    DiscoverInstrumentsResponse r = running.client("chief", "chief").discoverInstruments(q);
    assertEquals(1, r.getInstrument().size(), r.getProblem().toString());
    assertTrue(
        r.getProblem().contains("1 more instruments were found than maxInstruments (1)"),
        r.getProblem().toString());
  }

  @Test
  void onlyAnAdminOfEverythingMayDiscover() {
    assertEquals("NOT_AUTHORIZED", code(running.client("op", "op"), quick()));
    assertEquals("NOT_AUTHORIZED", code(running.client("labadmin", "labadmin"), quick()));
  }

  @Test
  void optionsOutOfBoundsAreRefusedWithTheirCodes() {
    InstrumentElementPort chief = running.client("chief", "chief");
    DiscoverInstruments q = quick();
    q.setTimeoutMillis(100L);
    assertEquals("OUT_OF_RANGE: timeoutMillis is 500..30000, not 100", fault(chief, q));
    q = quick();
    q.setMaxInstruments(0);
    assertEquals("OUT_OF_RANGE: maxInstruments is 1..256, not 0", fault(chief, q));
    q = quick();
    q.getSubnet().add("10.0.0.0/8");
    assertEquals(
        "INVALID_VALUE: '10.0.0.0/8' holds 16777214 addresses; at most 4096 are probed",
        fault(chief, q));
    q = quick();
    q.getSubnet().add("lab.example.org/24");
    assertTrue(fault(chief, q).startsWith("INVALID_VALUE: 'lab.example.org/24' is not"));
    q = quick();
    q.getNetwork().set(0, "example.org");
    assertTrue(fault(chief, q).startsWith("INVALID_VALUE: network 'example.org' is not an IPv4"));
    q = quick();
    q.getNetwork().set(0, "192.0.2.1");
    assertEquals(
        "INVALID_VALUE: network: 192.0.2.1 is not an IPv4 address of this host", fault(chief, q));
    q = quick();
    for (int i = 0; i < 17; i++) {
      q.getSubnet().add("127.0.0.1/32");
    }
    assertTrue(fault(chief, q).startsWith("REQUEST_TOO_LARGE: at most 16 subnets"));
  }

  /** The shortest discovery, of nothing. */
  static DiscoverInstruments quick() {
    DiscoverInstruments r = loopback(500);
    r.setMdns(false);
    r.setBroadcast(false);
    return r;
  }

  static String code(InstrumentElementPort ie, DiscoverInstruments q) {
    String f = fault(ie, q);
    return f.substring(0, f.indexOf(':'));
  }

  /** "CODE: message" of the fault the call fails with. */
  static String fault(InstrumentElementPort ie, DiscoverInstruments q) {
    try {
      ie.discoverInstruments(q);
    } catch (InstrumentElementFault f) {
      String message = f.getFaultInfo().getMessage();
      assertFalse(message.contains("Exception"), message);
      return f.getFaultInfo().getCode() + ": " + message;
    }
    throw new AssertionError("not refused");
  }
}
