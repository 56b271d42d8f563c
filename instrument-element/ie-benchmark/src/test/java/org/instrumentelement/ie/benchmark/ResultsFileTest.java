package org.instrumentelement.ie.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.instrumentelement.ie.measure.Machine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsFileTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** A results object with every part filled, as a full run with a soak makes it. */
  static Results everyPart() {
    Results r = new Results();
    r.started = "2026-11-23T14:37:23Z";
    r.machine =
        Results.MachineFigures.of(
            new Machine(2, "AMD EPYC", 24000, "Linux 6.1", "OpenJDK 17", "0.5 0.4 0.3"));
    r.settings = "warmup 2 s, measure 2 s x 1 (median), clients [5], lengths [2500]";
    r.link = new Results.Link("10mbit:50ms", "a relay", 50, 51.2, 10, 9.31);
    r.polling = new ArrayList<>();
    r.polling.add(
        new Results.PollingPoint("BINARY", 2500, 5, 389.97512, 2076.9231, 987.65432, 12.8, 0));
    r.pollingFloor = new Results.PollingFloor("a short text", 3184.6, 425.6, 200.1, 0);
    r.pollingMaxAge =
        new Results.PollingFloor("a vector, maxAge 100 ms", 9100.2, 61.5, Double.NaN, 0);
    r.pollingMaxAgeToFloor =
        new Results.MaxAgeToFloor(
            new double[] {0.81, 0.84, 0.79, 0.88},
            0.84,
            0.88,
            20.5,
            18.1,
            new double[] {0.86, 0.88, 0.9, 0.87},
            0.875,
            0.9);
    r.wireBytesPerVector = new LinkedHashMap<>(Map.of("BINARY.2500", 27099.0));
    r.subscription = new Results.Subscription();
    r.subscription.fullRate =
        new Results.FullRate(250, 15813, 35.4, 2397, 1560, 15750, 36.3, 1.004);
    r.subscription.latency =
        new Results.Latency(3878, 2.296, 195.5, 7760, 130.2, 4061, 2.7, 161.2, 82.4);
    r.subscription.jmsWireBytesPerVector = 20320.0;
    r.subscription.fullRateLoss = loss(0);
    r.subscription.rate100Loss = loss(0);
    r.peer = PeerComparisonTest.run().peer;
    r.peer.ratios = PeerComparison.ratios(PeerComparisonTest.run());
    r.subscriptionTls = new Results.Tls(3990, 1.3, 3.2, 58.1, 3985, 1.75, 4.9, 74.2, 1.277);
    r.viewers =
        List.of(
            new Results.ViewerPoint(
                500,
                "binary",
                2,
                19.96,
                19.9,
                12.1,
                48.2,
                93.5,
                0,
                30000,
                45.1,
                41.2,
                30.7,
                12116,
                1.0,
                12,
                1,
                0,
                "0.5 0.4 0.3"));
    r.ladder =
        List.of(
            new Results.LadderCell(
                "polling", 10000, 1250, 10, 812.5, 8125, 98.4, 3.2, 540.1, 545.2, 551.9, 20, 0, 0));
    r.loss = loss(2);
    r.sensors =
        new Results.SensorNetwork(
            1000, 10, 300000, 300000, 0, 0, 24.5, 61.2, 150000, 18.4, 20, "1.5 1.2 1.0");
    r.recording =
        new Results.Recording(1000, 2500, 998, 105, 997, 187, 82, 20000, 0, 20033, "1.5 1.2 1.0");
    r.codes = CodesFigures.of(CodesFigures.word(20012, 5016));
    r.soakHeap = List.of(new Results.HeapReading(0.5, 210.4));
    r.soak = new Results.Soak(Double.NaN, 210.4, 212.0, 1000, 2000, 0);
    r.targets = Targets.evaluate(r);
    return r;
  }

  private static Results.Loss loss(int minutes) {
    return new Results.Loss(
        "1000 samples/s x 2 subscribers, 3 min",
        2,
        180.2,
        180_000,
        0,
        0L,
        359_990,
        359_990,
        0,
        0,
        0,
        0,
        minutes,
        minutes == 0 ? Double.NaN : 60_000,
        minutes == 0 ? Double.NaN : 12.5,
        minutes == 0 ? Double.NaN : 0,
        minutes == 0 ? Double.NaN : 0,
        minutes == 0 ? LossAccount.TOO_SHORT : null,
        List.of(
            new Results.SubscriberLoss(1, 179_995, 179_995, 0, 0, 0, 60_000, 0),
            new Results.SubscriberLoss(2, 179_995, 179_995, 0, 0, 0, 60_000, 0)));
  }

  private static List<String> names(JsonNode object) {
    List<String> names = new ArrayList<>();
    object.fieldNames().forEachRemaining(names::add);
    return names;
  }

  @Test
  void thePartsComeInTheOrderOfTheRun() throws Exception {
    JsonNode json = JSON.readTree(ResultsFile.json(everyPart()));
    assertEquals(
        List.of(
            "started",
            "machine",
            "settings",
            "link",
            "polling",
            "pollingFloor",
            "pollingMaxAge",
            "pollingMaxAgeToFloor",
            "wireBytesPerVector",
            "subscription",
            "peer",
            "subscriptionTls",
            "viewers",
            "ladder",
            "loss",
            "sensors",
            "recording",
            "codes",
            "soakHeap",
            "soak",
            "targets"),
        names(json));
    assertEquals(List.of("cores", "java", "os", "cpu", "loadAverage"), names(json.get("machine")));
    assertEquals(
        List.of(
            "encoding",
            "length",
            "clients",
            "vectorsPerSecond",
            "ieCpuMicrosPerResponse",
            "ieSystemMicrosPerResponse",
            "meanResponseMillis",
            "errors"),
        names(json.get("polling").get(0)));
    assertEquals(
        List.of(
            "ieSamplingPeriodMicros",
            "ieDeliveriesPerSecond",
            "ieCpuMicrosPerDeliveryAtFullRate",
            "iePublishedSamples",
            "ieSupersededSamples",
            "bareDeliveriesPerSecond",
            "bareCpuMicrosPerDeliveryAtFullRate",
            "ieToBareRatio",
            "rate100DeliveriesPerSecond",
            "latencyP50Millis",
            "latencyP99Millis",
            "latencySamples",
            "ieCpuMicrosPerDelivery",
            "bareRate100DeliveriesPerSecond",
            "bareLatencyP50Millis",
            "bareLatencyP99Millis",
            "bareCpuMicrosPerDelivery",
            "jmsWireBytesPerVector",
            "fullRateLoss",
            "rate100Loss"),
        names(json.get("subscription")));
    assertEquals(
        List.of(
            "run",
            "subscribers",
            "seconds",
            "iePublished",
            "ieSuperseded",
            "ieDiscarded",
            "published",
            "delivered",
            "lost",
            "late",
            "duplicates",
            "restarts",
            "minutesCounted",
            "deliveredPerMinuteMean",
            "deliveredPerMinuteStdDev",
            "lostPerMinuteMean",
            "lostPerMinuteStdDev",
            "note",
            "perSubscriber"),
        names(json.get("loss")));
    assertEquals(
        List.of(
            "viewers",
            "format",
            "window",
            "framesPerSecondPerViewer",
            "fewestFramesPerSecond",
            "latencyP50Millis",
            "latencyP99Millis",
            "latencyMaxMillis",
            "framesOver200Millis",
            "framesMeasured",
            "ieCpuMicrosPerFrame",
            "ieCpuMicrosPerFrameAboveIdle",
            "loadGeneratorCpuMicrosPerFrame",
            "bytesPerFrame",
            "framesBuiltPerSnapshot",
            "superseded",
            "mostWaiting",
            "errors",
            "loadAverage"),
        names(json.get("viewers").get(0)));
    assertEquals(
        List.of("implementation", "polling", "wireBytesPerRead", "subscription", "ratios"),
        names(json.get("peer")));
    assertEquals(
        List.of("figure", "ie", "peerBefore", "peerAfter", "ratioBefore", "ratioAfter"),
        names(json.get("peer").get("ratios").get(0)));
    assertEquals(
        List.of("figure", "target", "value", "measured", "met"), names(json.get("targets").get(0)));
  }

  @Test
  void figuresHaveThreeDecimalsAndAnUnmeasuredOneIsNull() throws Exception {
    JsonNode json = JSON.readTree(ResultsFile.json(everyPart()));
    JsonNode point = json.get("polling").get(0);
    assertEquals(389.975, point.get("vectorsPerSecond").asDouble());
    assertEquals(2076.923, point.get("ieCpuMicrosPerResponse").asDouble());
    assertEquals(987.654, point.get("ieSystemMicrosPerResponse").asDouble());
    assertEquals(200.1, json.get("pollingFloor").get("ieSystemMicrosPerResponse").asDouble());
    assertTrue(json.get("pollingMaxAge").get("ieSystemMicrosPerResponse").isNull());
    assertEquals(2500, point.get("length").asInt());
    assertEquals(27099.0, json.get("wireBytesPerVector").get("BINARY.2500").asDouble());
    assertTrue(json.get("soak").get("heapSlopeMegabytesPerMinute").isNull());
    assertEquals(2397, json.get("subscription").get("iePublishedSamples").asLong());
    JsonNode shortRun = json.get("subscription").get("fullRateLoss");
    assertTrue(shortRun.get("deliveredPerMinuteMean").isNull(), "no per-minute figures");
    assertEquals(LossAccount.TOO_SHORT, shortRun.get("note").asText());
  }

  @Test
  void aPartThatDidNotRunIsLeftOut() throws Exception {
    Results r = new Results();
    r.started = "2026-11-23T14:37:23Z";
    r.subscription = new Results.Subscription();
    r.subscription.latency = new Results.Latency(100, 1, 2, 3, 4, 5, 6, 7, 8);
    JsonNode json = JSON.readTree(ResultsFile.json(r));
    assertEquals(List.of("started", "subscription"), names(json));
    assertFalse(json.get("subscription").has("ieToBareRatio"));
    assertFalse(json.get("subscription").has("jmsWireBytesPerVector"));
    assertTrue(json.get("subscription").has("latencyP99Millis"));
  }

  @Test
  void theFileIsIndentedWithItsDirectoryCreated(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("runs").resolve("benchmark.json");
    ResultsFile.write(everyPart(), file);
    String text = Files.readString(file);
    assertTrue(text.startsWith("{\n  \"started\": \"2026-11-23T14:37:23Z\",\n"), text);
    assertTrue(text.endsWith("}\n"), text);
  }

  @Test
  void docsListEveryFieldOfTheFile() throws Exception {
    String doc = Files.readString(Path.of("..", "..", "docs", "benchmark.md"));
    TreeSet<String> fields = new TreeSet<>();
    collect(JSON.readTree(ResultsFile.json(everyPart())), fields);
    fields.remove("BINARY.2500"); // the keys of wireBytesPerVector are documented by pattern
    fields.remove("2500"); // and those of wireBytesPerRead
    for (String field : fields) {
      assertTrue(doc.contains("`" + field + "`"), "docs/benchmark.md lists the field " + field);
    }
  }

  private static void collect(JsonNode node, TreeSet<String> fields) {
    node.fields()
        .forEachRemaining(
            e -> {
              fields.add(e.getKey());
              collect(e.getValue(), fields);
            });
    node.elements().forEachRemaining(child -> collect(child, fields));
  }
}
