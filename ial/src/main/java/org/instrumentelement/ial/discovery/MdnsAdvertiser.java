package org.instrumentelement.ial.discovery;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.jmdns.JmDNS;
import javax.jmdns.ServiceInfo;

/**
 * Announces services over mDNS/DNS-SD with JmDNS, on one address of this host: how the instrument
 * simulator advertises its instruments as LXI devices do. {@link #close()} withdraws them.
 */
public final class MdnsAdvertiser implements AutoCloseable {
  /** The longest DNS label: an instance name is cut to it. */
  static final int MAX_LABEL = 63;

  /**
   * One service instance.
   *
   * @param type a DNS-SD type such as {@link LxiServices#HISLIP}
   * @param instance the instance name ({@code Keysight Technologies DSO-X 3024T SIM0000001})
   * @param txt the TXT record's keys and values
   */
  public record Service(String type, String instance, int port, Map<String, String> txt) {
    public Service {
      txt = Map.copyOf(txt);
    }
  }

  private final JmDNS jmdns;
  private final List<ServiceInfo> registered = new ArrayList<>();

  private MdnsAdvertiser(JmDNS jmdns) {
    this.jmdns = jmdns;
  }

  /**
   * Starts answering for {@code services} on {@code address}, as host {@code hostName}.local.
   *
   * @throws IOException if mDNS cannot be served on that address
   */
  public static MdnsAdvertiser start(InetAddress address, String hostName, List<Service> services)
      throws IOException {
    MdnsAdvertiser a = new MdnsAdvertiser(JmDNS.create(address, hostName));
    try {
      for (Service s : services) {
        ServiceInfo info =
            ServiceInfo.create(s.type(), label(s.instance()), s.port(), 0, 0, s.txt());
        a.jmdns.registerService(info);
        a.registered.add(info);
      }
    } catch (IOException | RuntimeException e) {
      a.close();
      throw e;
    }
    return a;
  }

  /** An instance name within one DNS label (63 bytes of UTF-8), dots written as spaces. */
  static String label(String name) {
    String s = name.replace('.', ' ').trim();
    while (s.getBytes(StandardCharsets.UTF_8).length > MAX_LABEL) {
      s = s.substring(0, s.length() - 1);
    }
    return s;
  }

  /** The services as announced, with the names JmDNS made unique. */
  public List<String> names() {
    return registered.stream().map(ServiceInfo::getQualifiedName).toList();
  }

  /** Withdraws the services and stops answering. */
  @Override
  public void close() {
    try {
      jmdns.unregisterAllServices();
      jmdns.close();
    } catch (IOException | RuntimeException e) {
      // the announcements expire by their TTL anyway
    }
  }
}
