package org.instrumentelement.ie.hostile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.instrumentelement.ie.RunningElement;
import org.instrumentelement.ie.security.UsersFile;
import org.instrumentelement.im.sampling.SamplingSettings;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Well over a hundred hostile requests over raw HTTP. Each gets a SOAP fault with the documented
 * code, in the IE's own words (well-formed XML, no class or library names, no stack trace, small),
 * leaves the instruments, reservations and sampling as they were, fetches nothing it was pointed
 * at, and the IE answers the next request.
 */
class HostileInputIT {
  /** soap.maxRequestBytes: large enough for the parser's own limits to be reached first. */
  static final int LIMIT = 256 * 1024;

  /** user name = password. */
  static final Map<String, String> USERS =
      Map.of(
          HostileInput.ADMIN,
          "admin:*",
          "observer",
          "observe:*",
          "arrays",
          "observe:lab/array2500");

  @TempDir static Path dir;
  static RunningElement running;
  static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  @BeforeAll
  static void start() throws Exception {
    Path users = UsersFile.write(dir.resolve("users.properties"), USERS);
    running =
        RunningElement.mockLab("--security.users=" + users, "--soap.maxRequestBytes=" + LIMIT);
  }

  @AfterAll
  static void stop() {
    running.close();
  }

  static Stream<HostileInput> inputs() {
    List<HostileInput> all = new ArrayList<>();
    all.addAll(XmlSyntaxInputs.inputs());
    all.addAll(EntityInputs.inputs());
    all.addAll(EncodingInputs.inputs());
    all.addAll(EnvelopeInputs.envelopes());
    all.addAll(EnvelopeInputs.operations());
    all.addAll(EnvelopeInputs.limits());
    all.addAll(ValueInputs.inputs());
    all.addAll(NameInputs.inputs());
    all.addAll(MtomInputs.inputs());
    all.addAll(AuthorizationInputs.inputs());
    return all.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("inputs")
  void isRefusedInTheIesOwnWordsAndChangesNothing(HostileInput input) throws Exception {
    State before = State.now(running);
    int fetchesBefore = Canary.connections();

    SoapAnswer answer = send(input);

    assertEquals(input.status(), answer.status(), answer.text());
    answer.assertWellFormed();
    answer.assertNoInternals();
    answer.assertSmall();
    assertEquals(input.code(), answer.code(), answer.text());
    assertEquals(before, State.now(running), "nothing changed");
    assertEquals(fetchesBefore, Canary.connections(), "nothing was fetched");
    SoapAnswer next = send(HostileInput.fault("next", "", HostileInput.getState("lab/scope")));
    assertEquals(200, next.status(), "the IE still answers: " + next.text());
    assertTrue(next.text().contains("<state>RUNNING</state>"), next.text());
  }

  @Test
  void unknownImFaultsNameOnlyImsTheCallerMayObserve() throws Exception {
    SoapAnswer arrays =
        send(HostileInput.fault("", "", HostileInput.getState("lab/array2500/none")).as("arrays"));
    assertEquals("UNKNOWN_IM", arrays.code(), arrays.text());
    assertEquals(
        "no Instrument Manager 'lab/array2500/none' (you may observe lab/array2500)",
        arrays.message());
    for (String hidden : List.of("lab/scope", "array1250", "lab,")) {
      assertTrue(!arrays.text().contains(hidden), hidden + " named: " + arrays.text());
    }
    SoapAnswer observer =
        send(HostileInput.fault("", "", HostileInput.getState("lab/none")).as("observer"));
    assertTrue(
        observer
            .message()
            .endsWith("(you may observe lab, lab/array1250, lab/array2500, lab/scope)"),
        observer.text());
  }

  @Test
  void theSuiteHasOverAHundredDistinctInputs() {
    List<HostileInput> all = inputs().toList();
    Set<String> names = new HashSet<>();
    Set<String> bodies = new HashSet<>();
    for (HostileInput i : all) {
      assertTrue(names.add(i.name()), "name used twice: " + i.name());
      assertTrue(
          bodies.add(
              i.user()
                  + " "
                  + i.contentType()
                  + " "
                  + Base64.getEncoder().encodeToString(i.body())),
          "input repeated: " + i.name());
    }
    assertTrue(all.size() >= 100, all.size() + " inputs");
  }

  static SoapAnswer send(HostileInput input) throws Exception {
    HttpRequest.Builder r =
        HttpRequest.newBuilder(URI.create(running.url()))
            .header("Content-Type", input.contentType())
            .header("SOAPAction", "\"\"")
            .timeout(Duration.ofSeconds(30))
            .POST(HttpRequest.BodyPublishers.ofByteArray(input.body()));
    if (input.user() != null) {
      r.header(
          "Authorization",
          "Basic "
              + Base64.getEncoder()
                  .encodeToString(
                      (input.user() + ":" + input.user()).getBytes(StandardCharsets.UTF_8)));
    }
    return new SoapAnswer(HTTP.send(r.build(), HttpResponse.BodyHandlers.ofByteArray()));
  }

  /** What a hostile request must not change. */
  record State(
      List<Long> settingsChanged,
      String timebase,
      String scopeState,
      List<String> reservations,
      SamplingSettings peakToPeak) {
    static State now(RunningElement running) throws Exception {
      List<Long> changes = new ArrayList<>();
      for (String device :
          List.of("MOCK::oscilloscope", "MOCK::array::2500", "MOCK::array::1250")) {
        changes.add(running.device(device).settingsChanged());
      }
      return new State(
          changes,
          running.device("MOCK::oscilloscope").setting("timebase", 1),
          running.ie.node("lab/scope").im().state(),
          running.runtime.access().reservations().list().stream()
              .map(r -> r.subtree() + " " + r.holder())
              .toList(),
          running.runtime.subscriptions().get("lab/scope", "peakToPeak").sampler().settings());
    }
  }
}
