package org.instrumentelement.ie;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.net.InetAddress;
import java.net.URI;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import javax.jmdns.JmDNS;
import javax.jmdns.ServiceEvent;
import javax.jmdns.ServiceInfo;
import javax.jmdns.ServiceListener;
import org.junit.jupiter.api.Test;

/**
 * The IE announces itself over mDNS: a JmDNS browser on the loopback interface (where multicast
 * works on this machine, as the IAL's DiscoveryIT shows) resolves {@code _instrument-element._tcp}
 * to the IE's HTTP port, with the SOAP endpoint's path, its scheme and its name in the TXT record.
 */
class ElementAdvertisementIT {

  @Test
  void theIeIsFoundOverMdnsWithItsEndpointPath() throws Exception {
    try (RunningElement running =
            RunningElement.mockLab(
                "--http.host=127.0.0.1", "--mdns.advertise=on", "--ie.name=optics-lab");
        JmDNS browser = JmDNS.create(InetAddress.getByName("127.0.0.1"), "ie-test-browser")) {
      BlockingQueue<ServiceInfo> resolved = new LinkedBlockingQueue<>();
      browser.addServiceListener(
          ElementAdvertisement.TYPE,
          new ServiceListener() {
            @Override
            public void serviceAdded(ServiceEvent e) {
              browser.requestServiceInfo(e.getType(), e.getName(), 1000);
            }

            @Override
            public void serviceRemoved(ServiceEvent e) {}

            @Override
            public void serviceResolved(ServiceEvent e) {
              resolved.add(e.getInfo());
            }
          });
      // Announcing follows JmDNS's probing (about two seconds), resolving as long again: thirty
      // seconds leave room for a loaded machine and end at once when it is found.
      ServiceInfo info = null;
      long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (info == null && System.nanoTime() < end) {
        ServiceInfo i = resolved.poll(1, TimeUnit.SECONDS);
        if (i != null && "optics-lab".equals(i.getPropertyString("ie"))) {
          info = i;
        }
      }
      assertNotNull(info, "no _instrument-element._tcp announcement of optics-lab resolved");
      URI endpoint = URI.create(running.url());
      assertEquals(endpoint.getPort(), info.getPort());
      assertEquals("/ie/services/InstrumentElement", info.getPropertyString("path"));
      assertEquals(endpoint.getPath(), info.getPropertyString("path"));
      assertEquals("http", info.getPropertyString("scheme"));
      assertEquals("Instrument Element optics-lab", info.getName());
    }
  }
}
