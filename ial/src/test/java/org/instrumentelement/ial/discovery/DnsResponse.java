package org.instrumentelement.ial.discovery;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/** Writes mDNS response messages by hand, well-formed or not, for tests of hostile answers. */
final class DnsResponse {
  private final ByteArrayOutputStream records = new ByteArrayOutputStream();
  private int count;

  DnsResponse ptr(String type, String instance) {
    return record(type, 12, 1, name(instance + "." + type));
  }

  DnsResponse srv(String fullName, int port, String target) {
    ByteArrayOutputStream r = new ByteArrayOutputStream();
    short16(r, 0);
    short16(r, 0);
    short16(r, port);
    r.writeBytes(name(target));
    return record(fullName, 33, 0x8001, r.toByteArray());
  }

  DnsResponse txt(String fullName, byte[] rdata) {
    return record(fullName, 16, 0x8001, rdata);
  }

  DnsResponse a(String host, int... octets) {
    byte[] b = new byte[4];
    for (int i = 0; i < 4; i++) {
      b[i] = (byte) octets[i];
    }
    return record(host, 1, 0x8001, b);
  }

  /** A record whose owner name is a compression pointer to itself: a name loop. */
  DnsResponse loop() {
    int at = 12 + records.size();
    records.write(0xc0 | (at >> 8));
    records.write(at & 0xff);
    short16(records, 12);
    short16(records, 1);
    records.writeBytes(new byte[] {0, 0, 0, 120});
    short16(records, 2);
    records.write(0xc0 | (at >> 8));
    records.write(at & 0xff);
    count++;
    return this;
  }

  int size() {
    return 12 + records.size();
  }

  byte[] bytes() {
    ByteArrayOutputStream m = new ByteArrayOutputStream();
    short16(m, 0);
    short16(m, 0x8400); // a response, authoritative
    short16(m, 0);
    short16(m, count);
    short16(m, 0);
    short16(m, 0);
    m.writeBytes(records.toByteArray());
    return m.toByteArray();
  }

  private DnsResponse record(String owner, int type, int cls, byte[] rdata) {
    records.writeBytes(name(owner));
    short16(records, type);
    short16(records, cls);
    records.writeBytes(new byte[] {0, 0, 0, 120});
    short16(records, rdata.length);
    records.writeBytes(rdata);
    count++;
    return this;
  }

  static byte[] name(String dotted) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (String label : dotted.split("\\.")) {
      if (label.isEmpty()) {
        continue;
      }
      byte[] b = label.getBytes(StandardCharsets.UTF_8);
      out.write(b.length);
      out.writeBytes(b);
    }
    out.write(0);
    return out.toByteArray();
  }

  private static void short16(ByteArrayOutputStream out, int v) {
    out.write(v >> 8);
    out.write(v);
  }
}
