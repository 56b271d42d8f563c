package org.instrumentelement.ie.benchmark;

import java.net.URI;
import org.instrumentelement.ie.benchmark.SoapRequests.Encoding;
import org.instrumentelement.ie.measure.IeProcess;

/** Polling load on a vector of the mock laboratory ({@code lab/array<length>}, {@code vector}). */
final class VectorPolls {
  /** The account of the pollers: the development observer (polling needs only OBSERVE). */
  static final String USER = "observer";

  private VectorPolls() {}

  /**
   * Starts {@code clients} pollers of {@code getAttribute(lab/array<length>, vector)} on this port
   * (the IE's, or a relay's in front of it), every answer checked for the vector's length and size.
   */
  static HttpLoad start(IeProcess ie, int port, Encoding encoding, int length, int clients) {
    return new HttpLoad(
        clients,
        "localhost",
        port,
        request(ie, port, "lab/array" + length, "vector", encoding),
        "length=\"" + length + "\"",
        encoding == Encoding.XML ? length * 10 : length * 8);
  }

  /** The raw HTTP request of {@code getAttribute(im, attribute)} to this IE's endpoint. */
  static byte[] request(IeProcess ie, int port, String im, String attribute, Encoding encoding) {
    return SoapRequests.request(
        "localhost",
        port,
        URI.create(ie.serviceUrl()).getPath(),
        USER,
        USER,
        im,
        attribute,
        encoding);
  }
}
