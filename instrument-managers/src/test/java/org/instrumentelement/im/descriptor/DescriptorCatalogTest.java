package org.instrumentelement.im.descriptor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.instrumentelement.ial.discovery.IdentityMatch;
import org.instrumentelement.ial.mock.MockSessionProvider;
import org.junit.jupiter.api.Test;

/**
 * The descriptors declare the instruments they fit, and the simulator's vendor models agree: each
 * answers {@code *IDN?} as an instrument exactly one bundled descriptor drives.
 */
class DescriptorCatalogTest {
  private final DescriptorCatalog catalog = new DescriptorCatalog();

  private String only(String identity) {
    List<IdentityMatch> m = catalog.matches(identity);
    assertEquals(1, m.size(), identity + ": " + m);
    assertEquals(Map.of("type", "scpi", "descriptor", m.get(0).name()), m.get(0).settings());
    return m.get(0).name();
  }

  @Test
  void eachVendorModelOfTheSimulatorHasItsDescriptor() throws Exception {
    MockSessionProvider mocks = new MockSessionProvider();
    Map<String, String> expected =
        Map.of(
            "keysight-scope", "keysight-infiniivision",
            "dmm", "scpi-dmm",
            "rigol-ds1000z", "rigol-ds1000z",
            "rs-rtb", "rs-rtb",
            "tektronix-scope", "tektronix-mso");
    for (var e : expected.entrySet()) {
      String identity = mocks.device("MOCK::" + e.getKey()).identity();
      assertEquals(e.getValue(), only(identity), e.getKey());
    }
    assertTrue(catalog.matches(mocks.device("MOCK::oscilloscope").identity()).isEmpty());
  }

  @Test
  void familiesMatchAndStrangersDoNot() {
    assertEquals("keysight-infiniivision", only("AGILENT TECHNOLOGIES,MSO-X 2024A,MY1,02.41"));
    assertEquals("keysight-infiniivision", only("keysight technologies,dso-x 4154a,MY1,1"));
    assertEquals("tektronix-mso", only("TEKTRONIX,DPO5204B,C1,CF:91.1CT"));
    assertEquals("scpi-dmm", only("HEWLETT-PACKARD,34401A,0,10-5-2"));
    assertTrue(catalog.matches("ACME,DSO-X 3024T,1,1").isEmpty());
    assertTrue(catalog.matches("KEYSIGHT TECHNOLOGIES,DSO-X 3024T-EVIL,1,1").isEmpty());
    assertTrue(catalog.matches("").isEmpty());
  }
}
