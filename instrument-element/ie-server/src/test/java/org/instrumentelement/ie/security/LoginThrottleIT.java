package org.instrumentelement.ie.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.instrumentelement.ie.RunningElement;
import org.instrumentelement.ie.client.soap.ClearLoginFailures;
import org.instrumentelement.ie.client.soap.InstrumentElementFault;
import org.instrumentelement.ie.client.soap.ListLoginFailures;
import org.instrumentelement.ie.client.soap.LoginFailureInfo;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Password guessing on every way in: repeated failures from one address are slowed and then refused
 * without checking the password, the same user signs in from another address meanwhile, and after
 * the lock time the first address may sign in again. Each transport is tried from addresses of its
 * own on the loopback network (127.0.0.x), with small limits: two free failures, locked at four,
 * for three seconds.
 */
class LoginThrottleIT {
  static final Duration LOCK = Duration.ofSeconds(3);
  static final Duration WAIT = Duration.ofSeconds(20);
  static RunningElement running;

  /** A way in, tried with a user name and a password from a local address. */
  enum Transport {
    SOAP(11) {
      @Override
      boolean login(String user, String password, String from) throws Exception {
        return soapLogin(user, password, from, null);
      }
    },
    OPENWIRE(12) {
      @Override
      boolean login(String user, String password, String from) throws Exception {
        URI broker = URI.create(running.runtime.broker().openWireUrl());
        // ActiveMQ's form for a local address: tcp://remote:port/local:port
        ActiveMQConnectionFactory f =
            new ActiveMQConnectionFactory(
                "tcp://" + broker.getHost() + ":" + broker.getPort() + "/" + from + ":0");
        try (Connection c = f.createConnection(user, password)) {
          c.start();
          return true;
        } catch (JMSException e) {
          return false;
        }
      }
    },
    STOMP(13) {
      @Override
      boolean login(String user, String password, String from) throws Exception {
        URI stomp = URI.create(running.runtime.broker().stompUrl());
        try (Socket s = connect(from, stomp.getPort())) {
          s.getOutputStream()
              .write(
                  ("CONNECT\naccept-version:1.2\nhost:localhost\nlogin:"
                          + user
                          + "\npasscode:"
                          + password
                          + "\n\n\0")
                      .getBytes(StandardCharsets.UTF_8));
          String frame = readUntilNul(s.getInputStream());
          return frame.startsWith("CONNECTED");
        }
      }
    },
    MQTT(14) {
      @Override
      boolean login(String user, String password, String from) throws Exception {
        URI mqtt = URI.create(running.runtime.broker().mqttUrl());
        try (Socket s = connect(from, mqtt.getPort())) {
          s.getOutputStream().write(mqttConnect("throttle-" + System.nanoTime(), user, password));
          InputStream in = s.getInputStream();
          byte[] connack = in.readNBytes(4);
          if (connack.length < 4) {
            return false; // closed without an answer
          }
          assertEquals(0x20, connack[0] & 0xff, "CONNACK");
          return connack[3] == 0;
        }
      }
    };

    /** The last byte of this transport's own loopback addresses (guessing, and elsewhere). */
    final int net;

    Transport(int net) {
      this.net = net;
    }

    abstract boolean login(String user, String password, String from) throws Exception;

    String guesser() {
      return "127.0." + net + ".1";
    }

    String elsewhere() {
      return "127.0." + net + ".2";
    }
  }

  @BeforeAll
  static void start() throws Exception {
    running =
        RunningElement.mockLab(
            "--login.freeFailures=2",
            "--login.lockFailures=4",
            "--login.delay=200ms",
            "--login.maxDelay=200ms",
            "--login.lockTime=" + LOCK.toMillis() + "ms",
            "--login.user.freeFailures=1000");
  }

  @AfterAll
  static void stop() {
    running.close();
  }

  @BeforeEach
  void forgetEarlierFailures() throws Exception {
    running.client().clearLoginFailures(new ClearLoginFailures());
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void guessesAreSlowedThenRefusedWithoutAHashWhileAnotherAddressSignsIn(Transport t)
      throws Exception {
    // Two free failures, each a real password check.
    for (int i = 0; i < 2; i++) {
      long before = PasswordHash.derivations();
      assertEquals(false, t.login("operator", "guess" + i, t.guesser()));
      assertEquals(before + 1, PasswordHash.derivations(), "a free attempt is checked");
    }
    // At once after the second: refused without a check, right password or not.
    long before = PasswordHash.derivations();
    assertEquals(false, t.login("operator", "guess-too-soon", t.guesser()));
    assertEquals(false, t.login("operator", "operator", t.guesser()), "slowed: even the password");
    assertEquals(before, PasswordHash.derivations(), "no key derivation for a refused attempt");

    // The user signs in from another address meanwhile.
    assertEquals(true, t.login("operator", "operator", t.elsewhere()));

    // Guessing on (waiting out each delay) until the address is locked.
    await(
        () -> {
          try {
            t.login("operator", "guess-more", t.guesser());
          } catch (Exception e) {
            throw new IllegalStateException(e);
          }
          return locked(t.guesser());
        },
        "the guessing address is locked");
    before = PasswordHash.derivations();
    assertEquals(false, t.login("operator", "operator", t.guesser()), "locked: even the password");
    assertEquals(before, PasswordHash.derivations(), "no key derivation while locked");
    assertEquals(true, t.login("operator", "operator", t.elsewhere()), "others are not locked");

    // After the lock time the first address may sign in again.
    await(
        () -> {
          try {
            return t.login("operator", "operator", t.guesser());
          } catch (Exception e) {
            throw new IllegalStateException(e);
          }
        },
        "the address may sign in once the lock has expired");
  }

  @ParameterizedTest
  @EnumSource(
      value = Transport.class,
      names = {"SOAP"})
  void onlyAnAdminOfEverythingListsAndClearsFailures(Transport t) throws Exception {
    t.login("nobody", "x", t.guesser());
    try {
      running.client("operator", "operator").listLoginFailures(new ListLoginFailures());
      throw new AssertionError("an operator listed login failures");
    } catch (InstrumentElementFault f) {
      assertEquals("NOT_AUTHORIZED", f.getFaultInfo().getCode());
    }
    List<LoginFailureInfo> rows =
        running.client().listLoginFailures(new ListLoginFailures()).getEntry();
    assertTrue(
        rows.stream()
            .anyMatch(r -> r.getKind().equals("address") && r.getKey().equals(t.guesser())),
        "the address is listed");
    ClearLoginFailures clear = new ClearLoginFailures();
    clear.setKey(t.guesser());
    assertEquals(1, running.client().clearLoginFailures(clear).getCleared());
  }

  /** A SOAP request from a local address, with HTTP Basic credentials and maybe X-Forwarded-For. */
  static boolean soapLogin(String user, String password, String from, String forwardedFor)
      throws Exception {
    String body =
        "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\""
            + " xmlns:ie=\"http://instrumentelement.org/ie/1\"><soap:Body><ie:getState>"
            + "<ie:im>lab/scope</ie:im></ie:getState></soap:Body></soap:Envelope>";
    URI uri = URI.create(running.url());
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    String request =
        "POST "
            + uri.getPath()
            + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/xml; charset=utf-8\r\n"
            + "SOAPAction: \"\"\r\nConnection: close\r\nAuthorization: Basic "
            + Base64.getEncoder()
                .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8))
            + (forwardedFor == null ? "" : "\r\nX-Forwarded-For: " + forwardedFor)
            + "\r\nContent-Length: "
            + bytes.length
            + "\r\n\r\n";
    try (Socket s = connect(from, uri.getPort())) {
      OutputStream out = s.getOutputStream();
      out.write(request.getBytes(StandardCharsets.US_ASCII));
      out.write(bytes);
      out.flush();
      String answer = new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      int status = Integer.parseInt(answer.substring(9, 12));
      if (status == 401) {
        assertTrue(answer.contains("<code>NOT_AUTHENTICATED</code>"), answer);
        return false;
      }
      assertEquals(200, status, answer);
      return true;
    }
  }

  @org.junit.jupiter.api.Test
  void aTrustedProxyNamesTheClientWhoseFailuresCountAndAnyoneElsesHeaderIsIgnored()
      throws Exception {
    // From this machine (a trusted proxy by default, as the portal is): the named client counts.
    soapLogin("operator", "wrong", "127.0.0.1", "192.0.2.71");
    // From elsewhere the header proves nothing: the peer counts.
    soapLogin("operator", "wrong", "127.0.15.1", "192.0.2.72");
    List<LoginFailureInfo> rows =
        running.client().listLoginFailures(new ListLoginFailures()).getEntry();
    assertTrue(rows.stream().anyMatch(r -> r.getKey().equals("192.0.2.71")), rows.toString());
    assertTrue(rows.stream().anyMatch(r -> r.getKey().equals("127.0.15.1")), rows.toString());
    assertTrue(rows.stream().noneMatch(r -> r.getKey().equals("192.0.2.72")), rows.toString());
    assertTrue(rows.stream().noneMatch(r -> r.getKey().equals("127.0.0.1")), rows.toString());
  }

  static boolean locked(String address) {
    try {
      return running.client().listLoginFailures(new ListLoginFailures()).getEntry().stream()
          .anyMatch(r -> r.getKey().equals(address) && r.isLocked());
    } catch (InstrumentElementFault e) {
      throw new IllegalStateException(e);
    }
  }

  static void await(BooleanSupplier condition, String what) throws InterruptedException {
    Instant end = Instant.now().plus(WAIT);
    while (!condition.getAsBoolean()) {
      if (Instant.now().isAfter(end)) {
        throw new AssertionError("not within " + WAIT + ": " + what);
      }
      Thread.sleep(50);
    }
  }

  static Socket connect(String from, int port) throws IOException {
    Socket s = new Socket();
    s.bind(new InetSocketAddress(from, 0));
    s.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
    s.setSoTimeout(10_000);
    return s;
  }

  static String readUntilNul(InputStream in) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    int c;
    while ((c = in.read()) > 0) {
      b.write(c);
    }
    return b.toString(StandardCharsets.UTF_8);
  }

  /** An MQTT 3.1.1 CONNECT packet with a user name and password. */
  static byte[] mqttConnect(String clientId, String user, String password) {
    ByteArrayOutputStream v = new ByteArrayOutputStream();
    writeString(v, "MQTT");
    v.write(4); // protocol level 3.1.1
    v.write(0xC2); // user name, password, clean session
    v.write(0);
    v.write(30); // keep alive
    writeString(v, clientId);
    writeString(v, user);
    writeString(v, password);
    byte[] rest = v.toByteArray();
    ByteArrayOutputStream p = new ByteArrayOutputStream();
    p.write(0x10);
    int n = rest.length;
    do {
      int digit = n % 128;
      n /= 128;
      p.write(n > 0 ? digit | 0x80 : digit);
    } while (n > 0);
    p.writeBytes(rest);
    return p.toByteArray();
  }

  static void writeString(ByteArrayOutputStream out, String s) {
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    out.write(b.length >> 8);
    out.write(b.length & 0xff);
    out.writeBytes(b);
  }
}
