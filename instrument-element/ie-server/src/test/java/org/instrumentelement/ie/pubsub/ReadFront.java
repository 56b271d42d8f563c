package org.instrumentelement.ie.pubsub;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.ie.server.gate.SoapFaultDocument;

/**
 * A real HTTP server on a free port between a subscriber's SOAP port and the Instrument Element: it
 * passes every request on to the IE, except the reads of a current value ({@code getAttribute}),
 * which it answers as a test says: passed on, held until the test lets them go (a slow IE or
 * network), refused as busy (503 {@code SERVER_BUSY}) or for good ({@code NOT_AUTHORIZED}), each
 * with the IE's own fault document, or answered without a value. So a subscriber's
 * resynchronisation meets each answer at the moment the test chooses.
 */
final class ReadFront implements AutoCloseable {
  /** What the front does with a read of a current value. */
  enum Answer {
    /** Passes it to the IE and its answer back. */
    FORWARD,
    /** Holds it until {@link #release}. */
    HOLD,
    /** 503 with a {@code SERVER_BUSY} fault, which a client may try again later. */
    SERVER_BUSY,
    /** The IE's {@code NOT_AUTHORIZED} fault, which no retry changes. */
    NOT_AUTHORIZED,
    /** A getAttributeResponse without its value. */
    NO_VALUE
  }

  /** The getAttribute element of a SOAP request, with any namespace prefix. */
  private static final Pattern READ = Pattern.compile("<(?:[\\w-]+:)?getAttribute[\\s/>]");

  private static final List<String> PASSED_HEADERS =
      List.of("Content-Type", "SOAPAction", "Authorization", "Accept");

  private final HttpServer server;
  private final ExecutorService threads =
      Executors.newCachedThreadPool(
          r -> {
            Thread t = new Thread(r, "read-front");
            t.setDaemon(true);
            return t;
          });
  private final HttpClient toIe = HttpClient.newHttpClient();
  private final URI ie;
  private final AtomicInteger reads = new AtomicInteger();
  private final AtomicInteger held = new AtomicInteger();
  private volatile Answer answer = Answer.FORWARD;
  private volatile CountDownLatch hold = new CountDownLatch(1);
  private volatile Answer heldAnswer = Answer.FORWARD;

  private ReadFront(URI ie) throws IOException {
    this.ie = ie;
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
    server.setExecutor(threads);
    server.createContext("/", this::serve);
    server.start();
  }

  /** A front on a free loopback port before the IE whose SOAP endpoint is {@code soapUrl}. */
  static ReadFront before(String soapUrl) throws IOException {
    return new ReadFront(URI.create(soapUrl));
  }

  /** The SOAP endpoint to give a port instead of the IE's. */
  String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + ie.getRawPath();
  }

  /** Answers the reads that come from now on so. */
  void answer(Answer a) {
    answer = a;
  }

  /** Answers the reads held now so, and lets them go. */
  void release(Answer a) {
    heldAnswer = a;
    CountDownLatch released = hold;
    hold = new CountDownLatch(1);
    released.countDown();
  }

  /** Reads of a current value that came so far. */
  int reads() {
    return reads.get();
  }

  /** Reads held now. */
  int held() {
    return held.get();
  }

  private void serve(HttpExchange exchange) throws IOException {
    try (exchange) {
      byte[] body = exchange.getRequestBody().readAllBytes();
      if (!READ.matcher(new String(body, StandardCharsets.UTF_8)).find()) {
        forward(exchange, body);
        return;
      }
      reads.incrementAndGet();
      Answer a = answer;
      if (a == Answer.HOLD) {
        CountDownLatch released = hold;
        held.incrementAndGet();
        try {
          released.await();
        } catch (InterruptedException closing) {
          return;
        } finally {
          held.decrementAndGet();
        }
        a = heldAnswer;
      }
      switch (a) {
        case FORWARD, HOLD -> forward(exchange, body);
        case SERVER_BUSY ->
            send(
                exchange,
                503,
                SoapFaultDocument.of(FaultCode.SERVER_BUSY, "no room for the request now"));
        case NOT_AUTHORIZED ->
            send(
                exchange,
                500,
                SoapFaultDocument.of(FaultCode.NOT_AUTHORIZED, "admin may not observe this IM"));
        case NO_VALUE ->
            send(
                exchange,
                200,
                "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\">"
                    + "<soap:Body><ie:getAttributeResponse"
                    + " xmlns:ie=\"http://instrumentelement.org/ie/1\"/></soap:Body>"
                    + "</soap:Envelope>");
      }
    }
  }

  private void forward(HttpExchange exchange, byte[] body) throws IOException {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(ie.resolve(exchange.getRequestURI().toString()))
            .method(exchange.getRequestMethod(), HttpRequest.BodyPublishers.ofByteArray(body));
    for (String h : PASSED_HEADERS) {
      String v = exchange.getRequestHeaders().getFirst(h);
      if (v != null) {
        b.header(h, v);
      }
    }
    HttpResponse<byte[]> r;
    try {
      r = toIe.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
    } catch (InterruptedException closing) {
      Thread.currentThread().interrupt();
      return;
    }
    r.headers()
        .firstValue("Content-Type")
        .ifPresent(v -> exchange.getResponseHeaders().set("Content-Type", v));
    exchange.sendResponseHeaders(r.statusCode(), r.body().length == 0 ? -1 : r.body().length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(r.body());
    }
  }

  private static void send(HttpExchange exchange, int status, String document) throws IOException {
    byte[] b = document.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", "text/xml;charset=UTF-8");
    exchange.sendResponseHeaders(status, b.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(b);
    }
  }

  @Override
  public void close() {
    release(Answer.FORWARD);
    server.stop(0);
    threads.shutdownNow();
  }
}
