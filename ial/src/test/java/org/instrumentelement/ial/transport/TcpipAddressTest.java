package org.instrumentelement.ial.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.instrumentelement.ial.InvalidResourceNameException;
import org.instrumentelement.ial.ResourceName;
import org.junit.jupiter.api.Test;

class TcpipAddressTest {
  private static ResourceName r(String s) throws InvalidResourceNameException {
    return ResourceName.parse(s);
  }

  @Test
  void socketAddress() throws Exception {
    TcpipAddress a = TcpipAddress.socket(r("TCPIP0::10.0.0.5::5025::SOCKET"));
    assertEquals(new TcpipAddress("10.0.0.5", 5025, ""), a);
    assertEquals("scope.lab", TcpipAddress.socket(r("tcpip::scope.lab::5025::socket")).host());
  }

  @Test
  void vxi11AddressUsesThePortmapperUnlessAPortIsGiven() throws Exception {
    TcpipAddress a = TcpipAddress.vxi11(r("TCPIP::10.0.0.5::INSTR"));
    assertEquals("inst0", a.deviceName());
    assertFalse(a.hasPort());
    TcpipAddress b = TcpipAddress.vxi11(r("TCPIP1::127.0.0.1,40123::inst1::INSTR"));
    assertEquals(new TcpipAddress("127.0.0.1", 40123, "inst1"), b);
    assertEquals("gpib0,5", TcpipAddress.vxi11(r("TCPIP::gw::gpib0,5::INSTR")).deviceName());
    // A LAN/GPIB gateway's device with a secondary address, as VISA writes it: passed verbatim.
    assertEquals(
        "gpib0,5,3", TcpipAddress.vxi11(r("TCPIP::gw,9000::gpib0,5,3::INSTR")).deviceName());
  }

  @Test
  void hislipAddressDefaultsTo4880() throws Exception {
    ResourceName name = r("TCPIP::10.0.0.5::hislip0::INSTR");
    assertTrue(TcpipAddress.isHislip(name));
    assertEquals(new TcpipAddress("10.0.0.5", 4880, "hislip0"), TcpipAddress.hislip(name));
    assertEquals(
        new TcpipAddress("127.0.0.1", 4999, "hislip1"),
        TcpipAddress.hislip(r("TCPIP::127.0.0.1::HiSLIP1,4999::INSTR")));
    assertFalse(TcpipAddress.isHislip(r("TCPIP::10.0.0.5::inst0::INSTR")));
  }

  @Test
  void malformedAddressesSayWhatIsWrong() {
    String[][] cases = {
      {"TCPIP::10.0.0.5::SOCKET", "host::port::SOCKET"},
      {"TCPIP::10.0.0.5::http::SOCKET", "'http' is not a TCP port"},
      {"TCPIP::10.0.0.5::70000::SOCKET", "'70000' is not a TCP port"},
      {"TCPIP::bad host::5025::SOCKET", "'bad host' is not a host"},
      {"TCPIP::-x-::5025::SOCKET", "is not a host"},
      {"TCPIP::10.0.0.5,0::inst0::INSTR", "'0' is not a TCP port"},
      {"TCPIP::10.0.0.5::inst0;*RST::INSTR", "not a VXI-11 device name"},
      {"TCPIP::10.0.0.5::inst0::extra::INSTR", "a VXI-11 address is"},
      {"TCPIP::10.0.0.5::hislip0,port::INSTR", "'port' is not a TCP port"},
      {"TCPIP::10.0.0.5::hislipx::INSTR", "is not hislipN"},
    };
    for (String[] c : cases) {
      InvalidResourceNameException e =
          assertThrows(
              InvalidResourceNameException.class,
              () -> {
                ResourceName n = ResourceName.parse(c[0]);
                if (n.resourceClass().equals("SOCKET")) {
                  TcpipAddress.socket(n);
                } else if (TcpipAddress.isHislip(n)) {
                  TcpipAddress.hislip(n);
                } else {
                  TcpipAddress.vxi11(n);
                }
              },
              c[0]);
      assertTrue(e.getMessage().contains(c[1]), c[0] + ": " + e.getMessage());
      assertTrue(e.getMessage().contains(c[0]), "the message quotes the resource string");
    }
  }
}
