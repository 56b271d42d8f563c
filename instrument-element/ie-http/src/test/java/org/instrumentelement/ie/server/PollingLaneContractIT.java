package org.instrumentelement.ie.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.instrumentelement.ie.alarm.AlarmBoard;
import org.instrumentelement.ie.alarm.Alarms;
import org.instrumentelement.ie.config.ConfigLoader;
import org.instrumentelement.ie.config.IeConfig;
import org.instrumentelement.ie.element.InstrumentElement;
import org.instrumentelement.ie.monitoring.Monitoring;
import org.instrumentelement.ie.monitoring.StatusSource;
import org.instrumentelement.ie.pubsub.BrokerEndpoints;
import org.instrumentelement.ie.pubsub.Publishing;
import org.instrumentelement.ie.pubsub.Subscriptions;
import org.instrumentelement.ie.security.AccessControl;
import org.instrumentelement.ie.security.AuditLog;
import org.instrumentelement.ie.security.PasswordLogins;
import org.instrumentelement.ie.security.Reservations;
import org.instrumentelement.ie.security.UserStore;
import org.instrumentelement.ie.security.UsersFile;
import org.instrumentelement.ie.soap.InstrumentElementPort;
import org.instrumentelement.ie.soap.InstrumentElementService;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The polling lane answers exactly what the generic SOAP path answers. One IM tree and one service
 * behind two HTTP servers, one with the lane ({@code soap.pollingLane = true}) and one without;
 * polls ask {@code maxAge}, so that both answer the same kept read (fresh reads are compared with
 * their readings made the same): every value type (double, integer, boolean, string, enum, vector)
 * in every encoding (none, XML, BINARY; BINARY asked in an MTOM request, which the lane passes on),
 * getAttributes, and the faults (unknown IM and attribute, refused role, wrong state, bad encoding
 * and maxAge), compared byte for byte (MTOM parts after their boundaries and content ids are made
 * the same), with status and content type.
 */
class PollingLaneContractIT {
  @TempDir static Path dir;
  static InstrumentElement ie;
  static EmbeddedServer lane;
  static EmbeddedServer generic;
  static Monitoring monitoring;

  static final String IE_NS = "http://instrumentelement.org/ie/1";

  @BeforeAll
  static void start() throws Exception {
    Path descriptor =
        Files.writeString(
            dir.resolve("counter.properties"),
            "description = integer and boolean attributes of a mock array\n"
                + "attribute.points.type = integer\n"
                + "attribute.points.get = POINts?\n"
                + "attribute.complete.type = boolean\n"
                + "attribute.complete.get = *OPC?\n");
    Path users =
        UsersFile.write(
            dir.resolve("users.properties"),
            Map.of("chief", "admin:*", "scopes", "observe:lab/scope"));
    IeConfig config =
        ConfigLoader.load(
            List.of(
                "--http.port=0",
                "--portal.contextPath=off",
                "--data.dir=off",
                "--security.users=" + users,
                "--login.throttle=false",
                "--im.counter.parent=lab",
                "--im.counter.type=scpi",
                "--im.counter.descriptor=" + descriptor,
                "--im.counter.address=MOCK::array::100"),
            Map.of());
    ie = new InstrumentElement(config);
    ie.start();
    monitoring = new Monitoring(StatusSource.fixed(true, true));
    AccessControl access =
        new AccessControl(
            new PasswordLogins(UserStore.load(users)), new Reservations(Clock.systemUTC()));
    Subscriptions subscriptions = new Subscriptions(ie, config);
    InstrumentElementPort service =
        new InstrumentElementService(
                ie,
                new Publishing(
                    subscriptions,
                    null,
                    new BrokerEndpoints("tcp://localhost:61616", null, null),
                    null),
                access,
                AccessControlInterceptor.currentCaller(),
                monitoring,
                new Alarms(ie, subscriptions, new AlarmBoard(Clock.systemUTC()), 3))
            .port();
    lane = server(config, service, access, true);
    generic = server(config, service, access, false);
  }

  private static EmbeddedServer server(
      IeConfig config, InstrumentElementPort service, AccessControl access, boolean pollingLane)
      throws Exception {
    EmbeddedServer s =
        new EmbeddedServer(
            config,
            new ServiceParts(
                service,
                access,
                new AuditLog(null),
                monitoring,
                config.maxRequestBytes(),
                config.httpLimits(),
                pollingLane,
                null));
    s.start();
    return s;
  }

  @AfterAll
  static void stop() {
    if (lane != null) {
      lane.close();
    }
    if (generic != null) {
      generic.close();
    }
    if (ie != null) {
      ie.close();
    }
  }

  record Poll(String im, String attribute, String encoding) {}

  static List<Poll> everyValueTypeAndEncoding() {
    List<Poll> polls = new ArrayList<>();
    for (String encoding : new String[] {null, "XML", "BINARY"}) {
      polls.add(new Poll("lab/scope", "waveform", encoding)); // vector
      polls.add(new Poll("lab/array2500", "vector", encoding)); // vector
      polls.add(new Poll("lab/scope", "peakToPeak", encoding)); // double
      polls.add(new Poll("lab/scope", "acquisitionState", encoding)); // enum
      polls.add(new Poll("lab/scope", "identity", encoding)); // string
      polls.add(new Poll("lab/counter", "points", encoding)); // integer
      polls.add(new Poll("lab/counter", "complete", encoding)); // boolean
    }
    return polls;
  }

  @Test
  void everyValueTypeAndEncodingIsAnsweredAsTheGenericPathAnswersIt() throws Exception {
    for (Poll p : everyValueTypeAndEncoding()) {
      String body = getAttribute(p.im(), p.attribute(), p.encoding(), "600000");
      Answer first = post(lane, body, "chief");
      Answer again = post(generic, body, "chief");
      assertEquals(200, first.status(), p + ": " + first.body());
      assertTrue(first.body().contains("<getAttributeResponse"), first.body());
      assertTrue(PROVENANCE.matcher(first.body()).find(), p + ": no provenance: " + first.body());
      assertSame(p.toString(), again, first);
      assertSame(p + " once more", post(lane, body, "chief"), again);
    }
  }

  /**
   * Without maxAge every poll reads anew, so the two paths answer different readings: the answers
   * are compared with their timestamps and value texts made the same, and the lane's (written into
   * the response buffer, not framed first) must leave with its length.
   */
  @Test
  void freshReadsAreAnsweredAsTheGenericPathAnswersThemAndWithTheirLength() throws Exception {
    List<String> bodies = new ArrayList<>();
    for (Poll p : everyValueTypeAndEncoding()) {
      bodies.add(getAttribute(p.im(), p.attribute(), p.encoding(), null));
    }
    for (String encoding : new String[] {null, "BINARY"}) {
      bodies.add(
          envelope(
              "<ie:getAttributes><ie:im>lab/scope</ie:im><ie:attribute>waveform</ie:attribute>"
                  + "<ie:attribute>identity</ie:attribute>"
                  + (encoding == null ? "" : "<ie:encoding>" + encoding + "</ie:encoding>")
                  + "</ie:getAttributes>"));
    }
    for (String body : bodies) {
      Answer viaLane = post(lane, body, "chief");
      Answer viaGeneric = post(generic, body, "chief");
      assertEquals(200, viaLane.status(), viaLane.body());
      assertEquals(
          Integer.toString(viaLane.body().length()), viaLane.contentLength(), "length of " + body);
      String normalised = sameReadings(viaLane.body());
      assertTrue(normalised.contains("Response"), normalised);
      assertSame(
          body,
          new Answer(
              viaGeneric.status(),
              viaGeneric.contentType(),
              sameReadings(viaGeneric.body()),
              viaGeneric.contentLength()),
          new Answer(viaLane.status(), viaLane.contentType(), normalised, viaLane.contentLength()));
    }
  }

  private static final Pattern TIMESTAMP = Pattern.compile(" timestamp=\"[^\"]*\"");
  private static final Pattern READING =
      Pattern.compile(
          "<(data|doubles|doubleValue|integerValue|booleanValue|stringValue)>[^<]*</\\1>");

  /** An answer with its timestamps and value texts replaced by the same text. */
  private static String sameReadings(String body) {
    String b = TIMESTAMP.matcher(body).replaceAll(" timestamp=\"T\"");
    return READING.matcher(b).replaceAll("<$1>V</$1>");
  }

  @Test
  void getAttributesIsAnsweredAsTheGenericPathAnswersIt() throws Exception {
    for (String encoding : new String[] {null, "XML", "BINARY"}) {
      String body =
          envelope(
              "<ie:getAttributes><ie:im>lab/scope</ie:im><ie:attribute>waveform</ie:attribute>"
                  + "<ie:attribute>peakToPeak</ie:attribute><ie:attribute>identity</ie:attribute>"
                  + "<ie:attribute>acquisitionState</ie:attribute>"
                  + (encoding == null ? "" : "<ie:encoding>" + encoding + "</ie:encoding>")
                  + "<ie:maxAge>600000</ie:maxAge></ie:getAttributes>");
      Answer first = post(lane, body, "chief");
      assertEquals(200, first.status(), first.body());
      assertSame("getAttributes " + encoding, post(generic, body, "chief"), first);
    }
  }

  @Test
  void anMtomPollIsPassedOnAndAnsweredAsAlways() throws Exception {
    String body = getAttribute("lab/array2500", "vector", "BINARY", "600000");
    post(lane, body, "chief"); // keeps a read for both
    Answer viaLane = postMtom(lane, body);
    Answer viaGeneric = postMtom(generic, body);
    assertEquals(200, viaLane.status(), viaLane.body());
    assertTrue(viaLane.contentType().startsWith("multipart/related"), viaLane.contentType());
    assertEquals(mtomNormalised(viaGeneric.body()), mtomNormalised(viaLane.body()));
  }

  @Test
  void faultsAreTheGenericPathsFaults() throws Exception {
    Map<String, String> requests =
        Map.of(
            "UNKNOWN_IM", getAttribute("lab/nothing", "vector", null, "100"),
            "UNKNOWN_ATTRIBUTE", getAttribute("lab/scope", "nothing", null, "100"),
            "OUT_OF_RANGE", getAttribute("lab/scope", "identity", null, "-5"),
            "WRONG_TYPE", getAttribute("lab/scope", "identity", "binary", null),
            "MALFORMED_REQUEST",
                envelope("<ie:getAttribute><ie:im>lab/scope</ie:im></ie:getAttribute>"));
    for (Map.Entry<String, String> r : requests.entrySet()) {
      Answer a = post(lane, r.getValue(), "chief");
      assertEquals(500, a.status(), a.body());
      assertTrue(a.body().contains("<code>" + r.getKey() + "</code>"), a.body());
      assertSame(r.getKey(), post(generic, r.getValue(), "chief"), a);
    }
    String refused = getAttribute("lab/array2500", "vector", null, "600000");
    Answer a = post(lane, refused, "scopes");
    assertTrue(a.body().contains("<code>NOT_AUTHORIZED</code>"), a.body());
    assertSame("NOT_AUTHORIZED", post(generic, refused, "scopes"), a);
    String elsewhere = getAttribute("lab/nothing", "identity", null, null);
    Answer b = post(lane, elsewhere, "scopes");
    assertTrue(b.body().contains("<code>NOT_AUTHORIZED</code>"), b.body());
    assertSame("an unknown IM outside the caller's rights", post(generic, elsewhere, "scopes"), b);
  }

  /**
   * A poll with a maxAge whose body the lane has read before is answered with the bytes kept for
   * its value: the same body, status and type as the generic path's answer encoded for that value;
   * every time, the caller's right is checked (a caller without it gets the generic path's fault, a
   * wrong password the gate's refusal); and a new read gives a new answer.
   */
  @Test
  void aKeptAnswerIsAFreshAnswerAndIsOnlyForCallersWithTheRight() throws Exception {
    String body = getAttribute("lab/array2500", "vector", "BINARY", "600000");
    Answer first = post(lane, body, "chief");
    assertEquals(200, first.status(), first.body());
    for (int i = 0; i < 3; i++) {
      Answer kept = post(lane, body, "chief");
      assertSame("kept answer " + i, post(generic, body, "chief"), kept);
      assertEquals(Integer.toString(kept.body().length()), kept.contentLength());
      Answer refused = post(lane, body, "scopes");
      assertTrue(refused.body().contains("<code>NOT_AUTHORIZED</code>"), refused.body());
      assertSame("refused " + i, post(generic, body, "scopes"), refused);
      Answer wrongPassword = send(lane, body, "chief", "wrong");
      assertEquals(401, wrongPassword.status(), wrongPassword.body());
      assertFalse(wrongPassword.body().contains("<data>"), wrongPassword.body());
    }
    String young = getAttribute("lab/array2500", "vector", "BINARY", "50");
    Answer before = post(lane, young, "chief");
    post(lane, young, "chief");
    Thread.sleep(200);
    Answer after = post(lane, young, "chief");
    assertEquals(200, after.status(), after.body());
    Matcher b = TIMESTAMP.matcher(before.body());
    Matcher a = TIMESTAMP.matcher(after.body());
    assertTrue(b.find() && a.find(), before.body());
    assertFalse(b.group().equals(a.group()), "a read 200 ms later: " + a.group());
    assertEquals(sameReadings(before.body()), sameReadings(after.body()));
  }

  private static final Pattern PROVENANCE = Pattern.compile(" provenance=\"(\\d+)\"");

  /** The provenance revisions of an answer's values, in order. */
  private static List<Long> revisions(String body) {
    List<Long> out = new ArrayList<>();
    Matcher m = PROVENANCE.matcher(body);
    while (m.find()) {
      out.add(Long.parseLong(m.group(1)));
    }
    return out;
  }

  @Test
  void aParameterSetMovesTheRevisionInBothPathsAlike() throws Exception {
    List<String> polls = new ArrayList<>();
    for (String encoding : new String[] {null, "BINARY"}) {
      polls.add(getAttribute("lab/scope", "waveform", encoding, "600000"));
      polls.add(getAttribute("lab/scope", "peakToPeak", encoding, "600000"));
    }
    polls.add(
        envelope(
            "<ie:getAttributes><ie:im>lab/scope</ie:im><ie:attribute>waveform</ie:attribute>"
                + "<ie:attribute>peakToPeak</ie:attribute><ie:maxAge>600000</ie:maxAge>"
                + "</ie:getAttributes>"));
    long before = revisions(post(lane, polls.get(0), "chief").body()).get(0);
    String set =
        envelope(
            "<ie:setParameter><ie:im>lab/scope</ie:im><ie:parameter>timebase</ie:parameter>"
                + "<ie:value><ie:doubleValue>"
                + (before % 2 == 0 ? "0.002" : "0.005")
                + "</ie:doubleValue></ie:value></ie:setParameter>");
    Answer done = post(lane, set, "chief");
    assertEquals(200, done.status(), done.body());
    long after = ie.node("lab/scope").im().provenanceRevision();
    assertTrue(after > before, "the set moved the revision: " + before + " to " + after);
    for (String poll : polls) {
      Answer a = post(lane, poll, "chief");
      assertEquals(200, a.status(), a.body());
      List<Long> got = revisions(a.body());
      assertFalse(got.isEmpty(), a.body());
      for (long r : got) {
        assertEquals(after, r, "a value read after the set: " + a.body());
      }
      assertSame("after the set", post(generic, poll, "chief"), a);
    }
  }

  @Test
  void aWrongStateIsTheSameFault() throws Exception {
    String poll = getAttribute("lab/array1250", "vector", null, "600000");
    post(lane, poll, "chief");
    String unlink =
        envelope(
            "<ie:executeCommand><ie:im>lab/array1250</ie:im><ie:command>unlink</ie:command>"
                + "</ie:executeCommand>");
    assertEquals(200, post(lane, unlink, "chief").status());
    try {
      Answer a = post(lane, poll, "chief");
      assertTrue(a.body().contains("<code>NOT_ALLOWED_IN_STATE</code>"), a.body());
      assertSame("NOT_ALLOWED_IN_STATE", post(generic, poll, "chief"), a);
    } finally {
      post(
          lane,
          envelope(
              "<ie:executeCommand><ie:im>lab/array1250</ie:im><ie:command>link</ie:command>"
                  + "</ie:executeCommand>"),
          "chief");
    }
  }

  @Test
  void requestsTheLaneDoesNotTakeAreAnsweredAsAlways() throws Exception {
    String addressed =
        "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\""
            + " xmlns:ie=\""
            + IE_NS
            + "\" xmlns:wsa=\"http://www.w3.org/2005/08/addressing\"><soap:Header>"
            + "<wsa:MessageID>urn:uuid:1</wsa:MessageID></soap:Header><soap:Body>"
            + "<ie:getAttribute><ie:im>lab/scope</ie:im><ie:attribute>identity</ie:attribute>"
            + "<ie:maxAge>600000</ie:maxAge></ie:getAttribute></soap:Body></soap:Envelope>";
    String unknownElement =
        envelope(
            "<ie:getAttribute><ie:im>lab/scope</ie:im><ie:attribute>identity</ie:attribute>"
                + "<ie:colour>red</ie:colour></ie:getAttribute>");
    String commented = "<!-- a comment -->" + getAttribute("lab/scope", "identity", null, "600000");
    for (String body : List.of(addressed, unknownElement, commented)) {
      assertSame(body, post(generic, body, "chief"), post(lane, body, "chief"));
    }
    long before = requests("getAttribute");
    post(lane, getAttribute("lab/scope", "identity", null, "600000"), "chief");
    assertEquals(before + 1, requests("getAttribute"), "the lane's polls are counted as any");
  }

  private static long requests(String operation) {
    return monitoring.operations().stream()
        .filter(e -> e.getKey().equals(operation))
        .mapToLong(e -> e.getValue().requests())
        .sum();
  }

  record Answer(int status, String contentType, String body, String contentLength) {}

  private static void assertSame(String what, Answer expected, Answer actual) {
    assertEquals(expected.status(), actual.status(), what + ": status");
    assertEquals(expected.contentType(), actual.contentType(), what + ": content type");
    assertEquals(expected.body(), actual.body(), what + ": body");
  }

  static String envelope(String operation) {
    return "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\" xmlns:ie=\""
        + IE_NS
        + "\"><soap:Body>"
        + operation
        + "</soap:Body></soap:Envelope>";
  }

  static String getAttribute(String im, String attribute, String encoding, String maxAge) {
    return envelope(
        "<ie:getAttribute><ie:im>"
            + im
            + "</ie:im><ie:attribute>"
            + attribute
            + "</ie:attribute>"
            + (encoding == null ? "" : "<ie:encoding>" + encoding + "</ie:encoding>")
            + (maxAge == null ? "" : "<ie:maxAge>" + maxAge + "</ie:maxAge>")
            + "</ie:getAttribute>");
  }

  private static final HttpClient HTTP = HttpClient.newHttpClient();

  private static Answer post(EmbeddedServer server, String body, String user) throws Exception {
    return send(server, body, user, user);
  }

  private static Answer send(EmbeddedServer server, String body, String user, String password)
      throws Exception {
    return send(
        server, "text/xml; charset=UTF-8", body.getBytes(StandardCharsets.UTF_8), user, password);
  }

  private static Answer postMtom(EmbeddedServer server, String envelope) throws Exception {
    String boundary = "uuid:contract-boundary";
    String body =
        "--"
            + boundary
            + "\r\nContent-Type: application/xop+xml; charset=UTF-8; type=\"text/xml\"\r\n"
            + "Content-Transfer-Encoding: binary\r\nContent-ID: <root.message@cxf.apache.org>"
            + "\r\n\r\n"
            + envelope
            + "\r\n--"
            + boundary
            + "--\r\n";
    return send(
        server,
        "multipart/related; type=\"application/xop+xml\"; boundary=\""
            + boundary
            + "\"; start=\"<root.message@cxf.apache.org>\"; start-info=\"text/xml\"",
        body.getBytes(StandardCharsets.UTF_8),
        "chief");
  }

  private static Answer send(EmbeddedServer server, String contentType, byte[] body, String user)
      throws Exception {
    return send(server, contentType, body, user, user);
  }

  private static Answer send(
      EmbeddedServer server, String contentType, byte[] body, String user, String password)
      throws Exception {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(server.serviceUrl()))
            .header("Content-Type", contentType)
            .header(
                "Authorization",
                "Basic "
                    + Base64.getEncoder()
                        .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8)))
            .POST(HttpRequest.BodyPublishers.ofByteArray(body))
            .build();
    HttpResponse<byte[]> r = HTTP.send(request, HttpResponse.BodyHandlers.ofByteArray());
    return new Answer(
        r.statusCode(),
        r.headers().firstValue("Content-Type").orElse(""),
        new String(r.body(), StandardCharsets.ISO_8859_1),
        r.headers().firstValue("Content-Length").orElse("none"));
  }

  private static final Pattern BOUNDARY = Pattern.compile("--uuid:[0-9a-f-]+");
  private static final Pattern CONTENT_ID =
      Pattern.compile("[0-9a-f]{8}-[0-9a-f-]+-\\d+@instrumentelement\\.org");

  /** An MTOM answer with its boundaries and content ids (random per answer) made the same. */
  private static String mtomNormalised(String body) {
    Matcher m = BOUNDARY.matcher(body);
    String b = m.replaceAll("--BOUNDARY");
    return CONTENT_ID.matcher(b).replaceAll("CONTENT-ID");
  }
}
