package org.instrumentelement.ie.alarm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.instrumentelement.ial.sim.InstrumentSimulator;
import org.instrumentelement.ie.Conditions;
import org.instrumentelement.ie.RunningElement;
import org.instrumentelement.ie.client.soap.AlarmInfo;
import org.instrumentelement.ie.client.soap.AlarmLimitsInfo;
import org.instrumentelement.ie.client.soap.ConfigureAlarmLimits;
import org.instrumentelement.ie.client.soap.ExecuteCommand;
import org.instrumentelement.ie.client.soap.GetAttribute;
import org.instrumentelement.ie.client.soap.InstrumentElementFault;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.ListAlarmLimits;
import org.instrumentelement.ie.client.soap.ListAlarms;
import org.instrumentelement.ie.client.soap.Quality;
import org.instrumentelement.ie.client.soap.SetParameter;
import org.instrumentelement.ie.client.soap.Value;
import org.instrumentelement.ie.config.ConfigLoader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Alarms of SCPI instruments in a real Instrument Element, against the instrument simulator over
 * real sockets, seen through real SOAP and a real OpenWire subscriber of the alarm topic: limits
 * written in a SCPI descriptor raise alarms that {@code listAlarms} lists and {@code getAttribute}
 * answers show; the configuration's limits replace the descriptor's and run-time ones replace both;
 * a subscribable attribute whose reads fail raises a SAMPLING alarm, and an instrument that stops
 * answering a NO_ANSWER alarm, each cleared when the reads work again.
 */
class DescriptorAlarmsIT {
  static final Duration WAIT = Duration.ofSeconds(30);
  static final ObjectMapper JSON = new ObjectMapper();
  static final String DESCRIPTOR = "classpath:descriptors/dmm-with-limits.properties";

  static InstrumentSimulator simulator;
  static RunningElement running;
  static InstrumentElementPort ie;

  @BeforeAll
  static void start() throws Exception {
    simulator = InstrumentSimulator.builder().models("dmm", "dmm", "dmm", "dmm").build().start();
    Map<String, String> file = new HashMap<>();
    // The descriptor's limits alone.
    dmm(file, "dmm", simulator.socketResource(0));
    // The configuration replaces the descriptor's limits of the reading.
    dmm(file, "dmm2", simulator.socketResource(1));
    file.put("im.dmm2.attribute.reading.alarm.highWarning", "5");
    // Samples of 'range' fail while the IM is RUNNING.
    dmm(file, "running", simulator.socketResource(2));
    // A DMM that will stop answering.
    dmm(file, "hung", simulator.socketResource(3));
    file.put("im.hung.timeout", "500ms");
    file.put("im.hung.reconnectMaxDelay", "200ms");
    file.put("im.hung.attribute.range.subscribable", "false"); // one sampler: its read times out
    // SCPI IMs go to ERROR at the first read that fails on the wire, and the sampler then stops
    // reading: only the first failure can raise a NO_ANSWER alarm.
    file.put("alarm.sampleFailures", "1");
    running =
        RunningElement.of(RunningElement.freePorts(ConfigLoader.resolve(Map.of(), Map.of(), file)));
    ie = running.client();
  }

  static void dmm(Map<String, String> file, String name, String address) {
    file.put("im." + name + ".type", "scpi");
    file.put("im." + name + ".descriptor", DESCRIPTOR);
    file.put("im." + name + ".address", address);
    file.put("im." + name + ".attribute.reading.period", "50ms");
    file.put("im." + name + ".attribute.range.period", "50ms");
  }

  @AfterAll
  static void stop() {
    if (running != null) {
      running.close();
    }
    if (simulator != null) {
      simulator.close();
    }
  }

  static AlarmInfo alarm(String id) throws InstrumentElementFault {
    return ie.listAlarms(new ListAlarms()).getAlarm().stream()
        .filter(a -> a.getId().equals(id))
        .findFirst()
        .orElse(null);
  }

  static void eventually(BooleanSupplier condition, String what) throws InterruptedException {
    Conditions.eventually(WAIT, condition, what);
  }

  /** Whether the alarm {@code id} is active with this severity and limit (faults: not yet). */
  static boolean active(String id, String severity, String limit) {
    try {
      AlarmInfo a = alarm(id);
      return a != null && a.getSeverity().equals(severity) && limit.equals(a.getLimit());
    } catch (InstrumentElementFault e) {
      return false;
    }
  }

  static Quality quality(String im, String attribute) throws InstrumentElementFault {
    GetAttribute g = new GetAttribute();
    g.setIm(im);
    g.setAttribute(attribute);
    return ie.getAttribute(g).getValue().getQuality();
  }

  static void function(String im, String function) throws InstrumentElementFault {
    SetParameter set = new SetParameter();
    set.setIm(im);
    set.setParameter("function");
    Value v = new Value();
    v.setStringValue(function);
    set.setValue(v);
    ie.setParameter(set);
  }

  static void command(String im, String command) throws InstrumentElementFault {
    ExecuteCommand c = new ExecuteCommand();
    c.setIm(im);
    c.setCommand(command);
    ie.executeCommand(c);
  }

  static List<AlarmLimitsInfo> limits(String im) throws InstrumentElementFault {
    ListAlarmLimits l = new ListAlarmLimits();
    l.setIm(im);
    return ie.listAlarmLimits(l).getLimits();
  }

  @Test
  void limitsInTheDescriptorRaiseAlarmsThatListAndPolledQualityShow() throws Exception {
    String id = "dmm#reading";
    // DCV reads 1.23 V: above the descriptor's highWarning 1.1.
    eventually(() -> active(id, "WARNING", "highWarning"), "the descriptor's warning");
    AlarmInfo a = alarm(id);
    assertEquals("LIMIT", a.getKind());
    assertEquals(1.1, a.getLimitValue());
    assertTrue(
        a.getMessage().contains("reading") && a.getMessage().contains(" V "), a.getMessage());
    assertEquals(Quality.WARNING, quality("dmm", "reading"));

    // Ohms read 1000: above highAlarm 100.
    function("dmm", "RESISTANCE");
    eventually(() -> active(id, "ALARM", "highAlarm"), "the descriptor's alarm");
    assertEquals(100.0, alarm(id).getLimitValue());
    assertEquals(Quality.ALARM, quality("dmm", "reading"));

    // AC volts read 0.71: below lowWarning 0.9.
    function("dmm", "ACV");
    eventually(() -> active(id, "WARNING", "lowWarning"), "the descriptor's low warning");
    assertEquals(Quality.WARNING, quality("dmm", "reading"));

    List<AlarmLimitsInfo> in = limits("dmm");
    AlarmLimitsInfo reading =
        in.stream().filter(l -> l.getAttribute().equals("reading")).findFirst().orElseThrow();
    assertEquals(0.9, reading.getLowWarning());
    assertEquals(1.1, reading.getHighWarning());
    assertEquals(100.0, reading.getHighAlarm());
    assertEquals(0.01, reading.getHysteresis());
  }

  @Test
  void theConfigurationReplacesTheDescriptorsLimitsAndRunTimeLimitsReplaceBoth() throws Exception {
    // Configured highWarning 5 replaces the descriptor's reading limits as a whole: 1.23 V is fine.
    List<AlarmLimitsInfo> configured = limits("dmm2");
    assertEquals(1, configured.size(), "only the reading has limits");
    assertEquals(5.0, configured.get(0).getHighWarning());
    assertNull(configured.get(0).getHighAlarm(), "the descriptor's highAlarm is replaced too");
    assertNull(configured.get(0).getLowWarning());
    eventually(
        () -> {
          try {
            return quality("dmm2", "reading") == Quality.GOOD;
          } catch (InstrumentElementFault e) {
            return false;
          }
        },
        "a good reading under the configured limits");
    assertNull(alarm("dmm2#reading"));

    ConfigureAlarmLimits set = new ConfigureAlarmLimits();
    set.setIm("dmm2");
    set.setAttribute("reading");
    set.setHighAlarm(1.0);
    ie.configureAlarmLimits(set);
    eventually(() -> active("dmm2#reading", "ALARM", "highAlarm"), "the run-time alarm");
    assertEquals(1.0, limits("dmm2").get(0).getHighAlarm());
    assertNull(limits("dmm2").get(0).getHighWarning(), "the request replaced them");
  }

  @Test
  void samplesThatFailRaiseASamplingAlarmOnTheTopicClearedWhenTheyWorkAgain() throws Exception {
    String id = "running#range.sampling";
    try (AlarmTopicSubscriber alarms = new AlarmTopicSubscriber(running, WAIT)) {
      command("running", "start"); // 'range' is readable only while LINKED
      JsonNode raised = alarms.await("RAISED", id);
      assertEquals("SAMPLING", raised.get("alarm").get("kind").asText());
      assertEquals("ALARM", raised.get("alarm").get("severity").asText());
      assertTrue(raised.get("alarm").get("message").asText().contains("range"), raised.toString());
      assertNotNull(alarm(id), "listed as well");

      command("running", "stop");
      JsonNode cleared = alarms.await("CLEARED", id);
      assertTrue(ids(cleared.get("active")).stream().noneMatch(id::equals), cleared.toString());
      assertNull(alarm(id));
    }
  }

  @Test
  void anInstrumentThatStopsAnsweringRaisesNoAnswerClearedWhenItAnswersAgain() throws Exception {
    String id = "hung#reading.sampling";
    eventually(() -> active("hung#reading", "WARNING", "highWarning"), "the hung DMM read at all");
    try (AlarmTopicSubscriber alarms = new AlarmTopicSubscriber(running, WAIT)) {
      simulator.device(3).setHung(true);
      JsonNode raised;
      try {
        raised = alarms.await("RAISED", id);
      } finally {
        simulator.device(3).setHung(false);
      }
      assertEquals("NO_ANSWER", raised.get("alarm").get("kind").asText());
      assertTrue(
          raised.get("alarm").get("message").asText().contains("does not answer"),
          raised.toString());
      alarms.await("CLEARED", id);
      assertNull(alarm(id));
    }
  }

  @Test
  void runTimeLimitsOverDescriptorLimitsSurviveARestartUnlessTheDescriptorChangedThem()
      throws Exception {
    Path data = RunningElement.newDataDir();
    Path descriptor = Files.createTempFile("dmm-limits", ".properties");
    String original =
        new String(
            DescriptorAlarmsIT.class
                .getResourceAsStream("/descriptors/dmm-with-limits.properties")
                .readAllBytes(),
            StandardCharsets.UTF_8);
    Files.writeString(descriptor, original);
    ConfigureAlarmLimits set = new ConfigureAlarmLimits();
    set.setIm("mock");
    set.setAttribute("reading");
    set.setHighAlarm(50.0);
    try (RunningElement first = restartable(data, descriptor)) {
      assertEquals(1.1, readingLimits(first).getHighWarning(), "the descriptor's at first");
      first.client().configureAlarmLimits(set);
    }
    try (RunningElement second = restartable(data, descriptor)) {
      AlarmLimitsInfo kept = readingLimits(second);
      assertEquals(50.0, kept.getHighAlarm(), "the run-time limits are restored");
      assertNull(kept.getHighWarning());
    }
    Files.writeString(
        descriptor,
        original.replace(
            "attribute.reading.alarm.highAlarm = 100", "attribute.reading.alarm.highAlarm = 20"));
    try (RunningElement edited = restartable(data, descriptor)) {
      AlarmLimitsInfo now = readingLimits(edited);
      assertEquals(20.0, now.getHighAlarm(), "the descriptor changed them: it wins");
      assertEquals(1.1, now.getHighWarning());
    }
  }

  static RunningElement restartable(Path data, Path descriptor) throws Exception {
    Map<String, String> file = new HashMap<>();
    file.put("im.mock.type", "scpi");
    file.put("im.mock.descriptor", descriptor.toString());
    file.put("im.mock.address", "MOCK::dmm");
    file.put("im.mock.autoLink", "false");
    // An IE of another name: its in-JVM broker must not take the place of the shared IE's.
    file.put("ie.name", "restarts");
    return RunningElement.of(
        RunningElement.freePorts(ConfigLoader.resolve(Map.of(), Map.of(), file))
            .with("data.dir", data.toString()));
  }

  static AlarmLimitsInfo readingLimits(RunningElement ie) throws InstrumentElementFault {
    ListAlarmLimits l = new ListAlarmLimits();
    l.setIm("mock");
    return ie.client().listAlarmLimits(l).getLimits().stream()
        .filter(x -> x.getAttribute().equals("reading"))
        .findFirst()
        .orElseThrow();
  }

  static List<String> ids(JsonNode active) {
    java.util.ArrayList<String> ids = new java.util.ArrayList<>();
    active.forEach(a -> ids.add(a.get("id").asText()));
    return ids;
  }
}
