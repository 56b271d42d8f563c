package org.instrumentelement.ie;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import org.instrumentelement.ie.client.soap.GetState;
import org.instrumentelement.ie.contract.TopicNames;
import org.instrumentelement.ie.pubsub.SampledAttribute;

/**
 * What "the IE is healthy" means after an attack: SOAP answers, readiness says ready, the samplers
 * still publish, and a new subscriber over STOMP and over MQTT gets a value (the development
 * observer's, over raw sockets).
 */
final class Healthy {
  static final Duration WAIT = Duration.ofSeconds(20);

  private Healthy() {}

  static void assertHealthy(RunningElement running) throws Exception {
    GetState g = new GetState();
    g.setIm("lab/scope");
    assertEquals("RUNNING", running.client().getState(g).getState(), "SOAP answers");
    HttpResponse<String> ready =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create(healthUrl(running)))
                    .timeout(Duration.ofSeconds(10))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertEquals(200, ready.statusCode(), "ready: " + ready.body());
    SampledAttribute sampled =
        running.runtime.subscriptions().list("lab/array1250").stream()
            .filter(s -> s.spec().name().equals("vector"))
            .findFirst()
            .orElseThrow();
    long published = sampled.sampler().published();
    Instant end = Instant.now().plus(WAIT);
    while (sampled.sampler().published() == published) {
      assertTrue(Instant.now().isBefore(end), "the sampler publishes again within " + WAIT);
      Thread.sleep(20);
    }
    if (running.runtime.broker() != null) {
      assertTrue(stompDelivers(running, sampled.topic()), "a STOMP subscriber gets a value");
      assertTrue(mqttDelivers(running, sampled.topic()), "an MQTT subscriber gets a value");
    }
  }

  static String healthUrl(RunningElement running) {
    String url = running.url();
    return url.substring(0, url.indexOf("/services/")) + "/health/ready";
  }

  /** Subscribes over STOMP as the observer: true once a MESSAGE frame arrives. */
  private static boolean stompDelivers(RunningElement running, String topic) throws IOException {
    String url = running.runtime.broker().stompUrl();
    if (url == null) {
      return true; // STOMP is off in this configuration
    }
    try (Socket s = socket(url)) {
      s.getOutputStream()
          .write(
              ("CONNECT\naccept-version:1.2\nhost:localhost\nlogin:observer\npasscode:observer\n\n\0"
                      + "SUBSCRIBE\nid:0\ndestination:/topic/"
                      + topic
                      + "\nack:auto\n\n\0")
                  .getBytes(StandardCharsets.UTF_8));
      InputStream in = s.getInputStream();
      for (int frames = 0; frames < 10; frames++) {
        String command = StompFrames.command(in);
        if (command.equals("MESSAGE")) {
          return true;
        }
        if (!command.equals("CONNECTED")) {
          return false;
        }
      }
      return false;
    }
  }

  /** Subscribes over MQTT 3.1.1 as the observer: true once a PUBLISH arrives. */
  private static boolean mqttDelivers(RunningElement running, String topic) throws IOException {
    String url = running.runtime.broker().mqttUrl();
    if (url == null) {
      return true; // MQTT is off in this configuration
    }
    try (Socket s = socket(url)) {
      ByteArrayOutputStream connect = new ByteArrayOutputStream();
      string(connect, "MQTT");
      connect.write(4);
      connect.write(0xC2); // user name, password, clean session
      connect.write(0);
      connect.write(30);
      string(connect, "healthy-" + System.nanoTime());
      string(connect, "observer");
      string(connect, "observer");
      ByteArrayOutputStream subscribe = new ByteArrayOutputStream();
      subscribe.write(0);
      subscribe.write(1); // packet id
      string(subscribe, TopicNames.mqttTopic(topic));
      subscribe.write(0); // QoS 0
      var out = s.getOutputStream();
      out.write(packet(0x10, connect.toByteArray()));
      out.write(packet(0x82, subscribe.toByteArray()));
      DataInputStream in = new DataInputStream(s.getInputStream());
      for (int packets = 0; packets < 10; packets++) {
        int type = in.readUnsignedByte() >> 4;
        int length = 0;
        int shift = 0;
        int b;
        do {
          b = in.readUnsignedByte();
          length |= (b & 0x7f) << shift;
          shift += 7;
        } while ((b & 0x80) != 0);
        byte[] body = in.readNBytes(length);
        if (type == 3) {
          return true; // PUBLISH
        }
        if (type == 2 && body[1] != 0) {
          return false; // CONNACK refused
        }
        if (type == 9 && (body[2] & 0x80) != 0) {
          return false; // SUBACK refused
        }
      }
      return false;
    }
  }

  private static Socket socket(String url) throws IOException {
    URI u = URI.create(url);
    Socket s = new Socket(u.getHost(), u.getPort());
    s.setSoTimeout((int) WAIT.toMillis());
    return s;
  }

  private static byte[] packet(int header, byte[] rest) {
    ByteArrayOutputStream p = new ByteArrayOutputStream();
    p.write(header);
    int n = rest.length;
    do {
      int digit = n % 128;
      n /= 128;
      p.write(n > 0 ? digit | 0x80 : digit);
    } while (n > 0);
    p.writeBytes(rest);
    return p.toByteArray();
  }

  private static void string(ByteArrayOutputStream out, String s) {
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    out.write(b.length >> 8);
    out.write(b.length & 0xff);
    out.writeBytes(b);
  }
}
