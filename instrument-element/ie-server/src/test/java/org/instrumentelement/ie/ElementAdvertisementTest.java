package org.instrumentelement.ie;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.util.List;
import org.instrumentelement.ial.discovery.LinkNetwork;
import org.instrumentelement.ial.discovery.MdnsAdvertiser;
import org.instrumentelement.ie.config.MdnsAdvertising;
import org.junit.jupiter.api.Test;

/** Where the IE announces itself for each {@code mdns.advertise} and {@code http.host}. */
class ElementAdvertisementTest {

  @Test
  void autoAnnouncesWhereOthersCanReachTheIeOnly() throws Exception {
    assertEquals(List.of(), ElementAdvertisement.addresses(MdnsAdvertising.AUTO, "127.0.0.1"));
    assertEquals(List.of(), ElementAdvertisement.addresses(MdnsAdvertising.AUTO, "localhost"));
    List<InetAddress> lan = LinkNetwork.lan().stream().map(n -> (InetAddress) n.address()).toList();
    assertEquals(lan, ElementAdvertisement.addresses(MdnsAdvertising.AUTO, "0.0.0.0"));
    for (InetAddress a : lan) {
      assertEquals(
          List.of(a), ElementAdvertisement.addresses(MdnsAdvertising.AUTO, a.getHostAddress()));
    }
  }

  @Test
  void onAnnouncesOnALoopbackAddressTooAndOffNowhere() throws Exception {
    InetAddress loopback = InetAddress.getByName("127.0.0.1");
    assertEquals(
        List.of(loopback), ElementAdvertisement.addresses(MdnsAdvertising.ON, "127.0.0.1"));
    assertEquals(List.of(), ElementAdvertisement.addresses(MdnsAdvertising.OFF, "127.0.0.1"));
    assertEquals(List.of(), ElementAdvertisement.addresses(MdnsAdvertising.OFF, "0.0.0.0"));
    assertTrue(!ElementAdvertisement.addresses(MdnsAdvertising.ON, "0.0.0.0").isEmpty());
  }

  @Test
  void theServiceCarriesTheEndpointsPortPathSchemeAndName() {
    MdnsAdvertiser.Service s =
        ElementAdvertisement.service(
            "optics-lab", "https://lab.example.org:8443/ie/services/InstrumentElement");
    assertEquals("_instrument-element._tcp.local.", s.type());
    assertEquals("Instrument Element optics-lab", s.instance());
    assertEquals(8443, s.port());
    assertEquals("/ie/services/InstrumentElement", s.txt().get("path"));
    assertEquals("https", s.txt().get("scheme"));
    assertEquals("optics-lab", s.txt().get("ie"));
  }
}
