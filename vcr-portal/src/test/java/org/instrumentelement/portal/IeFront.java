package org.instrumentelement.portal;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntPredicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.ie.server.gate.SoapFaultDocument;

/**
 * A real HTTP server on a free port that the portal is given as an IE's address, in front of a real
 * IE: it passes each request on to the IE, or, for the requests a test names (by user and SOAP
 * operation), answers as a busy IE does (429 {@code TOO_MANY_REQUESTS}, 503 {@code SERVER_BUSY},
 * with the IE's own fault document), never answers, or closes the connection without an answer; or
 * it stops listening altogether (connection refused). So the portal meets every way an IE or the
 * network can fail it, over real sockets, while the IE itself stays as it is.
 *
 * <p>One request per connection: whatever the client asked, the answer closes it.
 */
final class IeFront implements AutoCloseable {
  /** What the front does with a request. */
  enum Answer {
    /** Passes it to the IE and its answer back. */
    FORWARD,
    /** 429 with a {@code TOO_MANY_REQUESTS} fault, as the IE's per-address limit answers. */
    TOO_MANY_REQUESTS,
    /** 503 with a {@code SERVER_BUSY} fault, as the IE answers when its request memory is full. */
    SERVER_BUSY,
    /** The IE's {@code NOT_AUTHORIZED} fault, as it answers a user without the grant. */
    NOT_AUTHORIZED,
    /** Reads the request and never answers. */
    SLOW,
    /** Reads the request and closes the connection without an answer. */
    CLOSE
  }

  /** Which requests get which answer: a null user or operation matches any. */
  private record Rule(String user, String operation, Answer answer) {
    boolean matches(String u, String op) {
      return (user == null || user.equals(u)) && (operation == null || operation.equals(op));
    }
  }

  /** The pause after a failed accept before the next one. */
  private static final long ACCEPT_RETRY_MILLIS = 10;

  private static final Pattern OPERATION =
      Pattern.compile("<(?:[\\w-]+:)?Body[^>]*>\\s*<(?:[\\w-]+:)?([\\w-]+)");

  private final int port;
  private final List<Rule> rules = new CopyOnWriteArrayList<>();
  private final Set<Socket> open = ConcurrentHashMap.newKeySet();
  private final ExecutorService threads =
      Executors.newCachedThreadPool(
          r -> {
            Thread t = new Thread(r, "ie-front");
            t.setDaemon(true);
            return t;
          });
  private final AtomicInteger answered = new AtomicInteger();
  private final AtomicInteger acceptFailures = new AtomicInteger();
  private volatile InetSocketAddress target;
  private volatile ServerSocket server;

  private IeFront(ServerSocket server) {
    this.server = server;
    this.port = server.getLocalPort();
    accept(server);
  }

  /** A front on a free port of the loopback interface, passing everything on once told where. */
  static IeFront start() throws IOException {
    return startOn(p -> true);
  }

  /**
   * A front on a free port whose number {@code wanted} accepts, or null when none of the ports
   * tried is free.
   */
  static IeFront startOn(IntPredicate wanted) throws IOException {
    ServerSocket s = new ServerSocket();
    s.setReuseAddress(true);
    if (wanted.test(0)) {
      return on(s);
    }
    for (int p = 1024; p < 65536; p++) {
      if (wanted.test(p)) {
        try {
          s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), p));
          return new IeFront(s);
        } catch (IOException taken) {
          s.close();
          s = new ServerSocket();
          s.setReuseAddress(true);
        }
      }
    }
    s.close();
    return null;
  }

  /**
   * A front on a free port of the loopback interface that accepts with {@code unbound} (a test's
   * own server socket, such as one whose accept fails), which it binds.
   */
  static IeFront on(ServerSocket unbound) throws IOException {
    unbound.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
    return new IeFront(unbound);
  }

  int port() {
    return port;
  }

  /** The SOAP endpoint to give the portal. */
  String url() {
    return "http://127.0.0.1:" + port + "/ie/services/InstrumentElement";
  }

  /** Passes requests on to the IE at {@code soapUrl} (those no rule answers). */
  void forwardTo(String soapUrl) {
    URI u = URI.create(soapUrl);
    target = new InetSocketAddress(u.getHost(), u.getPort());
  }

  /** From now on answers {@code user}'s requests (null: everyone's) so. */
  void answer(String user, Answer answer) {
    answer(user, null, answer);
  }

  /** From now on answers {@code user}'s calls of SOAP operation {@code operation} so. */
  void answer(String user, String operation, Answer answer) {
    rules.add(0, new Rule(user, operation, answer));
  }

  /** Forgets every rule, closes the connections it holds unanswered, and listens if it did not. */
  synchronized void reset() throws IOException {
    rules.clear();
    for (Socket s : open) {
      closeQuietly(s);
    }
    if (server == null) {
      ServerSocket s = new ServerSocket();
      s.setReuseAddress(true);
      s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
      server = s;
      accept(s);
    }
  }

  /** Stops listening: connections to its port are refused until {@link #reset}. */
  synchronized void stopListening() throws IOException {
    if (server != null) {
      server.close();
      server = null;
    }
    for (Socket s : open) {
      closeQuietly(s);
    }
  }

  /** Requests answered by a rule so far (not passed on). */
  int answered() {
    return answered.get();
  }

  /** Accepts that failed while the front was listening (each tried again). */
  int acceptFailures() {
    return acceptFailures.get();
  }

  /**
   * Accepts connections on {@code s} until it is closed. A failed accept while it is open (the
   * process out of file descriptors for a moment, a connection reset before it was accepted) is
   * counted and tried again after a short pause: a front that stopped accepting for good would
   * leave every later connection of the test unanswered in the backlog.
   */
  private void accept(ServerSocket s) {
    threads.execute(
        () -> {
          while (!s.isClosed()) {
            Socket c;
            try {
              c = s.accept();
            } catch (IOException e) {
              if (s.isClosed()) {
                return; // stopListening() or close()
              }
              acceptFailures.incrementAndGet();
              try {
                Thread.sleep(ACCEPT_RETRY_MILLIS); // a failure that repeats at once must not spin
              } catch (InterruptedException closing) {
                return; // close()
              }
              continue;
            }
            open.add(c);
            try {
              threads.execute(() -> serve(c));
            } catch (RejectedExecutionException closing) {
              open.remove(c);
              closeQuietly(c);
              return;
            }
          }
        });
  }

  private void serve(Socket client) {
    try (client) {
      InputStream in = client.getInputStream();
      String head = readHead(in);
      if (head == null) {
        return;
      }
      List<String> lines = new ArrayList<>(List.of(head.split("\r\n")));
      int length = 0;
      String user = null;
      for (String line : lines) {
        String lower = line.toLowerCase(Locale.ROOT);
        if (lower.startsWith("content-length:")) {
          length = Integer.parseInt(line.substring(15).trim());
        } else if (lower.startsWith("authorization: basic ")) {
          String pair =
              new String(
                  Base64.getDecoder().decode(line.substring(21).trim()), StandardCharsets.UTF_8);
          user = pair.substring(0, pair.indexOf(':'));
        }
      }
      byte[] body = in.readNBytes(length);
      Matcher m = OPERATION.matcher(new String(body, StandardCharsets.UTF_8));
      String operation = m.find() ? m.group(1) : null;
      Answer answer = Answer.FORWARD;
      for (Rule r : rules) {
        if (r.matches(user, operation)) {
          answer = r.answer();
          break;
        }
      }
      OutputStream out = client.getOutputStream();
      switch (answer) {
        case FORWARD -> forward(lines, body, out);
        case TOO_MANY_REQUESTS ->
            refuse(
                out,
                "429 Too Many Requests",
                FaultCode.TOO_MANY_REQUESTS,
                "too many requests in progress from 127.0.0.1 (at most 50,"
                    + " http.maxRequestsPerAddress); retry when some are answered");
        case SERVER_BUSY ->
            refuse(
                out,
                "503 Service Unavailable",
                FaultCode.SERVER_BUSY,
                "no room for the request now (soap.requestMemory); retry later");
        case NOT_AUTHORIZED ->
            refuse(
                out,
                "500 Internal Server Error",
                FaultCode.NOT_AUTHORIZED,
                user + " may not observe this IM");
        case SLOW -> {
          answered.incrementAndGet();
          // holds the connection without a word until reset() or close()
          while (in.read() >= 0) {
            // nothing more comes; read returns when the socket is closed
          }
        }
        case CLOSE -> answered.incrementAndGet();
      }
    } catch (IOException gone) {
      // the client went away, or the test closed the connection
    } finally {
      open.remove(client);
    }
  }

  private void refuse(OutputStream out, String status, FaultCode code, String message)
      throws IOException {
    answered.incrementAndGet();
    byte[] b = SoapFaultDocument.of(code, message).getBytes(StandardCharsets.UTF_8);
    out.write(
        ("HTTP/1.1 "
                + status
                + "\r\nContent-Type: text/xml;charset=UTF-8\r\nRetry-After: 1\r\n"
                + "Connection: close\r\nContent-Length: "
                + b.length
                + "\r\n\r\n")
            .getBytes(StandardCharsets.US_ASCII));
    out.write(b);
    out.flush();
  }

  /** Passes the request to the IE, asking it to close after answering, and its answer back. */
  private void forward(List<String> lines, byte[] body, OutputStream out) throws IOException {
    InetSocketAddress t = target;
    if (t == null) {
      return; // not told where the IE is yet: as if closed
    }
    try (Socket ie = new Socket()) {
      ie.connect(t, 5000);
      StringBuilder head = new StringBuilder(lines.get(0)).append("\r\n");
      for (String line : lines.subList(1, lines.size())) {
        String lower = line.toLowerCase(Locale.ROOT);
        if (lower.startsWith("connection:")
            || lower.startsWith("upgrade:")
            || lower.startsWith("http2-settings:")
            || lower.startsWith("keep-alive:")) {
          continue; // one request per connection, plain HTTP/1.1
        }
        head.append(line).append("\r\n");
      }
      head.append("Connection: close\r\n\r\n");
      OutputStream toIe = ie.getOutputStream();
      toIe.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
      toIe.write(body);
      toIe.flush();
      ie.getInputStream().transferTo(out);
      out.flush();
    }
  }

  /** The request line and headers, or null when the client closed first. */
  private static String readHead(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int matched = 0;
    byte[] end = {'\r', '\n', '\r', '\n'};
    while (matched < 4) {
      int b = in.read();
      if (b < 0) {
        return null;
      }
      head.write(b);
      matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
    }
    String s = head.toString(StandardCharsets.ISO_8859_1);
    return s.substring(0, s.length() - 4);
  }

  private static void closeQuietly(Socket s) {
    try {
      s.close();
    } catch (IOException e) {
      // closed already
    }
  }

  @Override
  public void close() throws IOException {
    stopListening();
    threads.shutdownNow();
  }

  /** Whether every thread of the front has ended within {@code timeout} of {@link #close}. */
  boolean awaitClosed(Duration timeout) throws InterruptedException {
    return threads.awaitTermination(timeout.toMillis(), TimeUnit.MILLISECONDS);
  }
}
