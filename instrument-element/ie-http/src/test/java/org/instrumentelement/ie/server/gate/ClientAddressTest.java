package org.instrumentelement.ie.server.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.net.InetAddress;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ClientAddressTest {
  final ClientAddress addresses;

  ClientAddressTest() throws Exception {
    addresses =
        new ClientAddress(
            Set.of(
                InetAddress.getByName("127.0.0.1"),
                InetAddress.getByName("::1"),
                InetAddress.getByName("10.0.0.2")));
  }

  String resolve(String peer, String... headers) {
    return addresses.resolve(
        peer, headers.length == 0 ? null : Collections.enumeration(List.of(headers)));
  }

  @Test
  void aTrustedProxyNamesTheClient() {
    assertEquals("192.0.2.7", resolve("127.0.0.1", "192.0.2.7"));
    assertEquals("192.0.2.7", resolve("0:0:0:0:0:0:0:1", "192.0.2.7"));
    assertEquals("2001:db8:0:0:0:0:0:5", resolve("127.0.0.1", "2001:db8::5"));
  }

  @Test
  void theRightMostAddressThatIsNotAProxyIsTheClient() {
    // The client wrote 198.51.100.1 itself: only what the proxies appended counts.
    assertEquals("192.0.2.7", resolve("127.0.0.1", "198.51.100.1, 192.0.2.7, 10.0.0.2"));
    assertEquals("192.0.2.7", resolve("127.0.0.1", "198.51.100.1", "192.0.2.7"));
  }

  @Test
  void anyoneElsesHeaderIsIgnored() {
    assertEquals("192.0.2.50", resolve("192.0.2.50", "127.0.0.1"));
    assertEquals("192.0.2.50", resolve("192.0.2.50", "10.9.9.9"));
  }

  @Test
  void aHeaderThatIsNotAListOfAddressesIsIgnored() {
    assertEquals("127.0.0.1", resolve("127.0.0.1", "unknown"));
    assertEquals("127.0.0.1", resolve("127.0.0.1", "example.org"));
    assertEquals("127.0.0.1", resolve("127.0.0.1", "192.0.2.7, <script>"));
    assertEquals("127.0.0.1", resolve("127.0.0.1", "10.0.0.2"), "only proxies: the peer");
    assertEquals("127.0.0.1", resolve("127.0.0.1"));
  }

  @Test
  void onlyLiteralsAreAddressesAndNoNameIsLookedUp() {
    assertNull(ClientAddress.literal("localhost"));
    assertNull(ClientAddress.literal("1.2.3"));
    assertNull(ClientAddress.literal(""));
    assertEquals("192.0.2.7", ClientAddress.literal("192.0.2.7").getHostAddress());
    assertEquals("0:0:0:0:0:0:0:1", ClientAddress.literal("[::1]").getHostAddress());
  }
}
