package org.instrumentelement.ie.pubsub.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.InetAddress;
import org.junit.jupiter.api.Test;

class ConnectionQuotaTest {
  @Test
  void connectionsAreCountedPerAddressAndInAll() throws Exception {
    InetAddress a = InetAddress.getByName("192.0.2.1");
    InetAddress b = InetAddress.getByName("192.0.2.2");
    InetAddress c = InetAddress.getByName("192.0.2.3");
    ConnectionQuota quota = new ConnectionQuota(3, 2);
    ConnectionQuota.Ticket a1 = quota.admit(a);
    quota.admit(a);
    ConnectionQuota.QuotaExceeded perAddress =
        assertThrows(ConnectionQuota.QuotaExceeded.class, () -> quota.admit(a));
    assertEquals("this address has 2 connections to the broker already", perAddress.getMessage());
    quota.admit(b);
    ConnectionQuota.QuotaExceeded inAll =
        assertThrows(ConnectionQuota.QuotaExceeded.class, () -> quota.admit(c));
    assertEquals("the broker has 3 client connections already", inAll.getMessage());

    a1.release();
    a1.release(); // once only
    assertEquals(2, quota.open());
    quota.admit(c);
    assertThrows(ConnectionQuota.QuotaExceeded.class, () -> quota.admit(a));
  }
}
