package org.instrumentelement.ial.discovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Networks, subnets, TXT records, untrusted text, names and configuration lines, in memory. */
class DiscoveryPartsTest {

  private static Inet4Address ip(String s) throws Exception {
    return (Inet4Address) InetAddress.getByName(s);
  }

  @Test
  void aNetworkKnowsItsBroadcastAddressAndItsMembers() throws Exception {
    LinkNetwork lo = new LinkNetwork(ip("127.0.0.1"), 8);
    assertEquals("127.255.255.255", lo.broadcast().getHostAddress());
    assertTrue(lo.contains(ip("127.3.4.5")));
    assertFalse(lo.contains(ip("10.9.9.9")));
    LinkNetwork lab = new LinkNetwork(ip("10.0.7.20"), 22);
    assertEquals("10.0.7.255", lab.broadcast().getHostAddress());
    assertEquals("10.0.4.0/22", lab.toString());
    assertTrue(lab.contains(ip("10.0.4.1")));
    assertFalse(lab.contains(ip("10.0.8.1")));
    assertEquals(8, LinkNetwork.of(InetAddress.getByName("127.0.0.1")).prefixLength());
  }

  @Test
  void subnetsAreExpandedWithinTheLimit() throws Exception {
    assertEquals(List.of(ip("10.0.0.1"), ip("10.0.0.2")), SubnetProbe.hosts("10.0.0.0/30", 10));
    assertEquals(List.of(ip("192.168.1.7")), SubnetProbe.hosts("192.168.1.7", 10));
    assertEquals(254, SubnetProbe.hosts("10.1.2.3/24", 4096).size());
    assertThrows(IllegalArgumentException.class, () -> SubnetProbe.hosts("10.0.0.0/8", 4096));
    assertThrows(IllegalArgumentException.class, () -> SubnetProbe.hosts("10.0.0.300/24", 10));
    assertThrows(IllegalArgumentException.class, () -> SubnetProbe.hosts("lab.example", 10));
    assertThrows(IllegalArgumentException.class, () -> SubnetProbe.hosts("10.0.0.0/33", 10));
  }

  @Test
  void aTxtRecordIsReadWithinItsLimitAndItsValuesCleaned() {
    ByteArrayOutputStream txt = new ByteArrayOutputStream();
    entry(txt, "txtvers=1");
    entry(txt, "Manufacturer=ACME\u001b[2J\nInc");
    entry(txt, "Model=" + "X".repeat(250));
    for (int i = 0; i < 40; i++) {
      entry(txt, "junk" + i + "=" + "y".repeat(200));
    }
    Findings findings = new Findings(DiscoveryLimits.DEFAULTS);
    Map<String, String> keys =
        MdnsBrowser.txt(txt.toByteArray(), DiscoveryLimits.DEFAULTS, "mDNS x", findings);
    assertEquals("ACME?[2J?Inc", keys.get(LxiServices.MANUFACTURER));
    assertEquals(128 + 3, keys.get(LxiServices.MODEL).length(), "cut to the name limit");
    assertTrue(
        findings.problems().get(0).contains("TXT record of"), findings.problems().toString());
    // A length byte running past the end is cut at the end, not read beyond it.
    byte[] lying = {(byte) 200, 'M', 'o', 'd', 'e', 'l', '=', 'Q'};
    assertEquals(
        "Q",
        MdnsBrowser.txt(lying, DiscoveryLimits.DEFAULTS, "x", findings).get(LxiServices.MODEL));
  }

  private static void entry(ByteArrayOutputStream out, String s) {
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    out.write(Math.min(255, b.length));
    out.write(b, 0, Math.min(255, b.length));
  }

  @Test
  void imNamesComeFromTheModelAndNeverRepeat() {
    Set<String> taken = new HashSet<>();
    assertEquals("dso-x-3024t", InstrumentDiscovery.imName("KEYSIGHT,DSO-X 3024T,1,2", taken));
    assertEquals("dso-x-3024t-2", InstrumentDiscovery.imName("KEYSIGHT,DSO-X 3024T,3,4", taken));
    assertEquals("keysight-34461a", InstrumentDiscovery.imName("Keysight,34461A,5,6", taken));
    assertEquals("instrument", InstrumentDiscovery.imName(",,,", taken));
    assertEquals(
        "im-x-im-y-type", InstrumentDiscovery.imName("a,im=x\nim.y.type,3", new HashSet<>()));
  }

  @Test
  void configurationLinesComeFromTheFirstDescriptorThatFits() {
    IdentityMatch descriptor =
        new IdentityMatch(
            "descriptor",
            "keysight-infiniivision",
            new java.util.LinkedHashMap<>(Map.of("type", "scpi")) {
              {
                put("descriptor", "keysight-infiniivision");
              }
            });
    IdentityMatch mock = new IdentityMatch("mock model", "keysight-scope", Map.of());
    List<String> lines =
        InstrumentDiscovery.configuration(
            "KEYSIGHT TECHNOLOGIES,DSO-X 3024T,S,F",
            "TCPIP::10.0.0.5::hislip0::INSTR",
            List.of(mock, descriptor),
            new HashSet<>());
    assertTrue(lines.contains("im.dso-x-3024t.type = scpi"), lines.toString());
    assertTrue(
        lines.contains("im.dso-x-3024t.descriptor = keysight-infiniivision"), lines.toString());
    assertEquals(
        "im.dso-x-3024t.address = TCPIP::10.0.0.5::hislip0::INSTR", lines.get(lines.size() - 1));
    List<String> none =
        InstrumentDiscovery.configuration(
            "ACME,Z1,S,F", "TCPIP::h::5025::SOCKET", List.of(mock), new HashSet<>());
    assertTrue(none.stream().allMatch(l -> l.startsWith("#")), none.toString());
  }

  @Test
  void untrustedTextIsPrintableAndShort() {
    assertEquals("a?b", UntrustedText.clean("a\nb", 10));
    assertEquals("abc...", UntrustedText.clean("abcdef", 3));
    assertEquals("", UntrustedText.clean(null, 3));
  }

  @Test
  void mockModelsDeclareTheFamiliesTheySimulate() {
    MockModelCatalog c = new MockModelCatalog();
    assertEquals(
        "keysight-scope", c.matches("KEYSIGHT TECHNOLOGIES,DSO-X 3024T,S,F").get(0).name());
    assertEquals("keysight-scope", c.matches("Agilent Technologies,MSO-X 3104A,S,F").get(0).name());
    assertEquals("dmm", c.matches("Keysight Technologies,34465A,S,F").get(0).name());
    assertEquals("tektronix-scope", c.matches("TEKTRONIX,MSO46,S,F").get(0).name());
    assertTrue(c.matches("ACME,Z1,S,F").isEmpty());
    assertTrue(c.matches("nonsense").isEmpty());
  }
}
