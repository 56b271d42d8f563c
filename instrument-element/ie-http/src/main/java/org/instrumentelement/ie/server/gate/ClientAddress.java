package org.instrumentelement.ie.server.gate;

import jakarta.servlet.http.HttpServletRequest;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Who a request really comes from: its peer's address, unless the peer is a trusted proxy ({@code
 * http.trustedProxies}: a reverse proxy, or the VCR portal calling for a signed-in browser) that
 * names the client in {@code X-Forwarded-For}. Then the client is the right-most address in that
 * header that is not itself a trusted proxy (anything further left was written by whoever sent the
 * request and proves nothing). Per-address limits and login throttling count this address.
 */
final class ClientAddress {
  /** The request attribute holding the client's address once the gate has worked it out. */
  static final String ATTRIBUTE = ClientAddress.class.getName();

  static final String FORWARDED_FOR = "X-Forwarded-For";

  private static final Pattern ADDRESS_CHARACTERS = Pattern.compile("[0-9A-Fa-f:.]+");
  private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");

  private final Set<InetAddress> trustedProxies;

  ClientAddress(Set<InetAddress> trustedProxies) {
    this.trustedProxies = trustedProxies;
  }

  /** The client's address, remembered on the request for those after the gate. */
  String of(HttpServletRequest request) {
    Object known = request.getAttribute(ATTRIBUTE);
    if (known instanceof String s) {
      return s;
    }
    String address = resolve(request.getRemoteAddr(), request.getHeaders(FORWARDED_FOR));
    request.setAttribute(ATTRIBUTE, address);
    return address;
  }

  String resolve(String peer, java.util.Enumeration<String> forwardedFor) {
    if (trustedProxies.isEmpty()
        || forwardedFor == null
        || !forwardedFor.hasMoreElements()
        || !trusted(peer)) {
      return peer;
    }
    java.util.List<String> hops = new java.util.ArrayList<>();
    while (forwardedFor.hasMoreElements()) {
      for (String h : forwardedFor.nextElement().split(",")) {
        hops.add(h.trim());
      }
    }
    for (int i = hops.size() - 1; i >= 0; i--) {
      InetAddress hop = literal(hops.get(i));
      if (hop == null) {
        return peer; // not an address: believe nothing in the header
      }
      if (!trustedProxies.contains(hop)) {
        return hop.getHostAddress();
      }
    }
    return peer;
  }

  private boolean trusted(String peer) {
    InetAddress a = literal(peer);
    return a != null && trustedProxies.contains(a);
  }

  /** An IP address literal, or null for anything else (no name is ever looked up). */
  static InetAddress literal(String text) {
    if (text == null) {
      return null;
    }
    String t = text.trim();
    if (t.startsWith("[") && t.endsWith("]")) {
      t = t.substring(1, t.length() - 1);
    }
    if (t.isEmpty() || t.length() > 45 || !ADDRESS_CHARACTERS.matcher(t).matches()) {
      return null;
    }
    if (!t.contains(":") && !IPV4.matcher(t).matches()) {
      return null;
    }
    try {
      return InetAddress.getByName(t);
    } catch (UnknownHostException e) {
      return null;
    }
  }
}
