package org.instrumentelement.ie;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.instrumentelement.ial.mock.MockDevice;
import org.instrumentelement.ie.client.InstrumentElementClient;
import org.instrumentelement.ie.client.soap.ExecuteCommand;
import org.instrumentelement.ie.client.soap.GetAttribute;
import org.instrumentelement.ie.client.soap.GetAttributes;
import org.instrumentelement.ie.client.soap.GetSubscriptionInfo;
import org.instrumentelement.ie.client.soap.InstrumentElementFault;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.SetParameter;
import org.instrumentelement.ie.client.soap.Value;
import org.instrumentelement.ie.client.soap.VectorEncoding;
import org.instrumentelement.ie.security.UsersFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code maxAge} on getAttribute and getAttributes over real SOAP: polls within the age share one
 * instrument read (counted on the mock device), an older value is read again, the sampler's reads
 * serve polls, and access control, state checks and faults are what they are without it.
 */
class MaxAgeIT {
  @TempDir static Path dir;
  static RunningElement running;
  static InstrumentElementPort admin;

  @BeforeAll
  static void start() throws Exception {
    Path users =
        UsersFile.write(
            dir.resolve("users.properties"),
            Map.of("chief", "admin:*", "scopes", "observe:lab/scope"));
    running =
        RunningElement.mockLab(
            "--security.users=" + users,
            "--login.throttle=false",
            // array2500 is read only by the polls of these tests
            "--im.array2500.attribute.vector.subscribable=false",
            // array1250's sampler reads once at the start, then not for an hour
            "--im.array1250.attribute.vector.period=1h");
    admin = running.client("chief", "chief");
  }

  @AfterAll
  static void stop() {
    running.close();
  }

  @Test
  void twoPollsWithinMaxAgeReadTheInstrumentOnce() throws Exception {
    MockDevice device = running.device("MOCK::array::2500");
    long before = reads(device);
    Value first = admin.getAttribute(vector("lab/array2500", 60_000L)).getValue();
    Value second = admin.getAttribute(vector("lab/array2500", 60_000L)).getValue();
    assertEquals(before + 1, reads(device), "the second poll is served the first read");
    assertArrayEquals(
        InstrumentElementClient.vector(first), InstrumentElementClient.vector(second), 0);
    assertEquals(first.getTimestamp(), second.getTimestamp());

    // without maxAge (or with 0) every poll reads
    admin.getAttribute(vector("lab/array2500", null));
    admin.getAttribute(vector("lab/array2500", 0L));
    assertEquals(before + 3, reads(device));

    // and such a read serves the next poll that accepts its age, in either encoding
    GetAttribute binary = vector("lab/array2500", 60_000L);
    binary.setEncoding(VectorEncoding.BINARY);
    Value asBinary = admin.getAttribute(binary).getValue();
    assertEquals(before + 3, reads(device));
    assertEquals(2500, InstrumentElementClient.vector(asBinary).length);
  }

  @Test
  void aPollOlderThanMaxAgeReadsAgain() throws Exception {
    MockDevice device = running.device("MOCK::array::2500");
    long t0 = System.nanoTime();
    admin.getAttribute(vector("lab/array2500", null));
    long before = reads(device);
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    // maxAge 50 ms: the read above serves polls for at most 50 ms, then one poll reads again
    while (reads(device) == before && System.nanoTime() < deadline) {
      admin.getAttribute(vector("lab/array2500", 50L));
    }
    assertEquals(before + 1, reads(device), "a new read once the value was too old");
    assertTrue(System.nanoTime() - t0 >= Duration.ofMillis(50).toNanos() - 1_000_000);
  }

  @Test
  void theSamplersReadServesAPoll() throws Exception {
    MockDevice device = running.device("MOCK::array::1250");
    GetSubscriptionInfo info = new GetSubscriptionInfo();
    info.setIm("lab/array1250");
    info.setAttribute("vector");
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (admin.getSubscriptionInfo(info).getSubscription().getPublished() == 0
        && System.nanoTime() < deadline) {
      Thread.onSpinWait();
    }
    assertEquals(1, admin.getSubscriptionInfo(info).getSubscription().getPublished());
    long sampled = reads(device);
    Value v = admin.getAttribute(vector("lab/array1250", 3_600_000L)).getValue();
    assertEquals(1250, InstrumentElementClient.vector(v).length);
    assertEquals(sampled, reads(device), "the poll took the sampler's value");
  }

  @Test
  void getAttributesTakesMaxAgeToo() throws Exception {
    MockDevice device = running.device("MOCK::array::2500");
    GetAttributes r = new GetAttributes();
    r.setIm("lab/array2500");
    r.getAttribute().add("vector");
    r.getAttribute().add("identity");
    r.setMaxAge(60_000L);
    admin.getAttributes(r);
    long data = reads(device);
    List<String> received = device.received();
    List<Value> again = admin.getAttributes(r).getValue();
    assertEquals(List.of("vector", "identity"), again.stream().map(Value::getName).toList());
    assertEquals(data, reads(device));
    assertEquals(received, device.received(), "no message at all reached the instrument");
  }

  @Test
  void aChangeOfTheImIsNeverHiddenByAKeptValue() throws Exception {
    admin.getAttribute(vector("lab/array2500", null));
    setLength(1000);
    try {
      Value v = admin.getAttribute(vector("lab/array2500", 60_000L)).getValue();
      assertEquals(1000, InstrumentElementClient.vector(v).length, "read after the change");
    } finally {
      setLength(2500);
    }
    // unlinked, a kept value is not served: the poll fails as without maxAge
    admin.getAttribute(vector("lab/array2500", null));
    command("unlink");
    try {
      InstrumentElementFault f =
          assertThrows(
              InstrumentElementFault.class,
              () -> admin.getAttribute(vector("lab/array2500", 60_000L)));
      assertEquals("NOT_ALLOWED_IN_STATE", f.getFaultInfo().getCode());
    } finally {
      command("link");
    }
  }

  @Test
  void accessControlAndFaultsAreUnchanged() throws Exception {
    admin.getAttribute(vector("lab/array2500", null)); // a value is kept
    InstrumentElementPort scopes = running.client("scopes", "scopes");
    InstrumentElementFault refused =
        assertThrows(
            InstrumentElementFault.class,
            () -> scopes.getAttribute(vector("lab/array2500", 60_000L)));
    InstrumentElementFault refusedWithout =
        assertThrows(
            InstrumentElementFault.class, () -> scopes.getAttribute(vector("lab/array2500", null)));
    assertEquals("NOT_AUTHORIZED", refused.getFaultInfo().getCode());
    assertEquals(refusedWithout.getFaultInfo().getMessage(), refused.getFaultInfo().getMessage());

    GetAttribute unknown = vector("lab/array2500", 60_000L);
    unknown.setAttribute("nonsense");
    assertEquals(
        "UNKNOWN_ATTRIBUTE",
        assertThrows(InstrumentElementFault.class, () -> admin.getAttribute(unknown))
            .getFaultInfo()
            .getCode());

    InstrumentElementFault negative =
        assertThrows(
            InstrumentElementFault.class, () -> admin.getAttribute(vector("lab/array2500", -1L)));
    assertEquals("OUT_OF_RANGE", negative.getFaultInfo().getCode());
    assertTrue(negative.getFaultInfo().getMessage().contains("maxAge"));

    String notANumber = raw("<ie:maxAge>soon</ie:maxAge>");
    assertTrue(notANumber.contains("<code>WRONG_TYPE</code>"), notANumber);
    assertTrue(notANumber.contains("maxAge"), notANumber);
    assertTrue(raw("<ie:maxAge>100</ie:maxAge>").contains("<getAttributeResponse"));
  }

  private static String raw(String maxAge) throws Exception {
    String body =
        "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\""
            + " xmlns:ie=\"http://instrumentelement.org/ie/1\"><soap:Body><ie:getAttribute>"
            + "<ie:im>lab/array2500</ie:im><ie:attribute>identity</ie:attribute>"
            + maxAge
            + "</ie:getAttribute></soap:Body></soap:Envelope>";
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(running.url()))
            .header("Content-Type", "text/xml; charset=UTF-8")
            .header(
                "Authorization",
                "Basic "
                    + Base64.getEncoder()
                        .encodeToString("chief:chief".getBytes(StandardCharsets.UTF_8)))
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build();
    return HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString()).body();
  }

  private static GetAttribute vector(String im, Long maxAge) {
    GetAttribute r = new GetAttribute();
    r.setIm(im);
    r.setAttribute("vector");
    r.setMaxAge(maxAge);
    return r;
  }

  private static void setLength(int n) throws Exception {
    SetParameter p = new SetParameter();
    p.setIm("lab/array2500");
    p.setParameter("length");
    p.setValue(InstrumentElementClient.integerValue(n));
    admin.setParameter(p);
  }

  private static void command(String name) throws Exception {
    ExecuteCommand c = new ExecuteCommand();
    c.setIm("lab/array2500");
    c.setCommand(name);
    admin.executeCommand(c);
  }

  /** How many vectors the device has acquired (one per DATA? query). */
  private static long reads(MockDevice device) {
    return device.acquisitions();
  }
}
