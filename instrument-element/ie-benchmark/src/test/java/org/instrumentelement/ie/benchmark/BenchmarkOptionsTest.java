package org.instrumentelement.ie.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.instrumentelement.ie.benchmark.SoapRequests.Encoding;
import org.junit.jupiter.api.Test;

class BenchmarkOptionsTest {

  static BenchmarkOptions options(String... args) {
    return BenchmarkOptions.from(CommandLine.parse(args));
  }

  @Test
  void theDefaultsAreAFullRunWithoutTheSoak() {
    BenchmarkOptions o = options();
    assertEquals(Duration.ofSeconds(30), o.warmup());
    assertEquals(Duration.ofSeconds(5), o.measure());
    assertEquals(3, o.reps());
    assertEquals(List.of(5, 10, 20, 40), o.clientCounts());
    assertEquals(List.of(1250, 2500), o.lengths());
    assertEquals(List.of(Encoding.BINARY, Encoding.MTOM, Encoding.XML), o.encodings());
    assertTrue(o.soak().isZero());
    assertEquals(List.of("-Xms512m", "-Xmx1g"), o.serverJavaOptions());
    assertEquals(Path.of("instrument-element/ie-server/target/instrument-element.jar"), o.ieJar());
    assertEquals(Path.of(CommandLine.DEFAULT_OUTPUT), o.output());
    for (String part : CommandLine.PARTS) {
      assertEquals(!BenchmarkOptions.NAMED_ONLY.contains(part), o.runs(part), part);
    }
    assertFalse(o.runs("ladder"), "the ladder only when named");
    assertFalse(o.runs("loss"), "the loss run only when named");
  }

  @Test
  void theLadderAndTheLossRunTakeTheirShape() {
    BenchmarkOptions o =
        options(
            "--only=ladder,loss",
            "--ladder-clients=1,10",
            "--ladder-bytes=10000, 80000",
            "--ladder-modes=subscription,POLLING",
            "--ladder-seconds=3",
            "--loss-minutes=2");
    assertTrue(o.runs("ladder"));
    assertTrue(o.runs("loss"));
    assertFalse(o.runs("polling"));
    assertEquals(List.of(1, 10), o.ladderClients());
    assertEquals(List.of(10000, 80000), o.ladderBytes());
    assertEquals(List.of("polling", "subscription"), o.ladderModes(), "in the order they run");
    assertEquals(Duration.ofSeconds(3), o.ladderMeasure());
    assertEquals(Duration.ofSeconds(5), o.ladderWarmup(), "a polling cell's warm-up");
    assertEquals(
        Duration.ofSeconds(30), o.ladderPushWarmup(), "a subscription cell's: the JIT recompiles");
    assertEquals(
        Duration.ofSeconds(7), options("--ladder-push-warmup=7").ladderPushWarmup(), "as asked");
    assertEquals(2, o.lossMinutes());
    assertEquals(40, o.lossSubscribers());
    assertEquals(1, o.lossPeriodMillis(), "1,000 samples/s by default");
    assertEquals(
        List.of(1, 10, 30, 70, 100), options("--only=ladder").ladderClients(), "the study's");
    assertEquals(List.of(10000, 20000, 40000, 80000), options().ladderBytes());
    assertEquals(
        "--ladder-bytes takes sizes in bytes of doubles, multiples of 8, not '10001'",
        assertThrows(IllegalArgumentException.class, () -> options("--ladder-bytes=10001"))
            .getMessage());
    assertEquals(
        "--ladder-modes takes polling and/or subscription and/or bare and/or copy and/or capacity, comma-separated, not"
            + " 'push'",
        assertThrows(IllegalArgumentException.class, () -> options("--ladder-modes=push"))
            .getMessage());
    assertEquals(
        "--loss-minutes takes a whole number of at least 1, not '0'",
        assertThrows(IllegalArgumentException.class, () -> options("--loss-minutes=0"))
            .getMessage());
    assertEquals(500, options().fullRatePeriodMicros(), "2,000 samples a second");
    assertEquals(250, options("--full-rate-period-us=250").fullRatePeriodMicros());
    assertEquals(
        "--full-rate-period-us takes a whole number of at least 100, not '50'",
        assertThrows(IllegalArgumentException.class, () -> options("--full-rate-period-us=50"))
            .getMessage());
  }

  @Test
  void quickShortensEverythingButWhatIsGiven() {
    BenchmarkOptions o = options("--quick", "--reps=2");
    assertEquals(Duration.ofSeconds(2), o.warmup());
    assertEquals(Duration.ofSeconds(2), o.measure());
    assertEquals(2, o.reps());
    assertEquals(List.of(5), o.clientCounts());
    assertEquals(List.of(2500), o.lengths());
    assertEquals(List.of(10, 100), o.viewerCounts());
    assertEquals(
        "warmup 2 s, measure 2 s x 2 (median), clients [5], lengths [2500], full rate sampling"
            + " every 500 µs, viewers [10, 100] (binary, window 2, width 1200 px, sampling every 50"
            + " ms)",
        o.summary());
    assertEquals(
        "warmup 2 s, measure 2 s x 1 (median), clients [5], lengths [2500]",
        options("--quick", "--only=polling").summary(),
        "the viewers only when they run");
  }

  @Test
  void valuesAreReadAsTheDocsWriteThem() {
    BenchmarkOptions o =
        options(
            "--warmup=0.5",
            "--clients=40, 20",
            "--encodings=binary,xml",
            "--soak-minutes=10",
            "--server-java-options=-Xmx2g  -XX:+UseG1GC",
            "--output=/tmp/run.json");
    assertEquals(Duration.ofMillis(500), o.warmup());
    assertEquals(List.of(40, 20), o.clientCounts());
    assertEquals(List.of(Encoding.BINARY, Encoding.XML), o.encodings());
    assertEquals(Duration.ofMinutes(10), o.soak());
    assertEquals(List.of("-Xmx2g", "-XX:+UseG1GC"), o.serverJavaOptions());
    assertEquals(Path.of("/tmp/run.json"), o.output());
  }

  @Test
  void onlyRunsTheNamedParts() {
    BenchmarkOptions o = options("--only=floor,latency");
    assertTrue(o.runs("floor"));
    assertTrue(o.runs("latency"));
    assertFalse(o.runs("polling"));
    assertFalse(o.runs("subscription"));
  }

  @Test
  void aValueAnOptionDoesNotTakeIsRefusedInPlainWords() {
    assertEquals(
        "--encodings takes BINARY, MTOM or XML, comma-separated, not 'XML,JSON'",
        assertThrows(IllegalArgumentException.class, () -> options("--encodings=XML,JSON"))
            .getMessage());
    assertEquals(
        "--reps takes a whole number, not 'three'",
        assertThrows(IllegalArgumentException.class, () -> options("--reps=three")).getMessage());
    assertEquals(
        "--warmup takes a number of seconds, not '30s'",
        assertThrows(IllegalArgumentException.class, () -> options("--warmup=30s")).getMessage());
    assertEquals(
        "--clients takes whole numbers, comma-separated, not '5;10'",
        assertThrows(IllegalArgumentException.class, () -> options("--clients=5;10")).getMessage());
  }

  @Test
  void theViewerLoadTakesItsCountsFormatAndWindow() {
    BenchmarkOptions o =
        options(
            "--viewers=10,2000",
            "--viewer-format=JSON",
            "--viewer-window=0",
            "--portal-jar=/opt/vcr/vcr-portal.jar");
    assertEquals(List.of(10, 2000), o.viewerCounts());
    assertEquals("json", o.viewerFormat());
    assertEquals(0, o.viewerWindow());
    assertEquals(List.of("/opt/vcr/vcr-portal.jar", "/opt/vcr/lib/*"), o.portal());
    IllegalArgumentException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            IllegalArgumentException.class, () -> options("--viewer-format=xml"));
    assertEquals("--viewer-format takes binary or json, not 'xml'", e.getMessage());
  }

  @Test
  void theOpcUaPeerIsMeasuredOnlyWhenAsked() {
    assertFalse(options().comparesWithPeer());
    assertEquals(BenchmarkOptions.NO_PEER, options().peer());
    BenchmarkOptions o = options("--only=polling", "--peer=OPCUA");
    assertTrue(o.comparesWithPeer());
    assertEquals(Path.of("instrument-element/ie-opcua-peer/target/ie-opcua-peer.jar"), o.peerJar());
    assertTrue(o.summary().endsWith("before and after the IE's polling and subscription"));
    assertTrue(options("--only=latency", "--peer=opcua").runsSubscription());
    assertEquals(
        "--peer takes none or opcua, not 'milo'",
        assertThrows(IllegalArgumentException.class, () -> options("--peer=milo")).getMessage());
    assertTrue(
        assertThrows(
                IllegalArgumentException.class, () -> options("--only=viewers", "--peer=opcua"))
            .getMessage()
            .startsWith("--peer compares the polling and subscription runs"));
  }
}
