package org.instrumentelement.ie.alarm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.jms.Connection;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.instrumentelement.ial.mock.MockDevice;
import org.instrumentelement.ie.Conditions;
import org.instrumentelement.ie.RunningElement;
import org.instrumentelement.ie.client.soap.AcknowledgeAlarm;
import org.instrumentelement.ie.client.soap.AlarmInfo;
import org.instrumentelement.ie.client.soap.AlarmLimitsInfo;
import org.instrumentelement.ie.client.soap.ConfigureAlarmLimits;
import org.instrumentelement.ie.client.soap.GetAttribute;
import org.instrumentelement.ie.client.soap.InstrumentElementFault;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.ListAlarmLimits;
import org.instrumentelement.ie.client.soap.ListAlarms;
import org.instrumentelement.ie.client.soap.Quality;
import org.instrumentelement.ie.config.ConfigLoader;
import org.instrumentelement.ie.security.UsersFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/**
 * Alarms in a real Instrument Element with its broker, over real SOAP, a real OpenWire subscriber
 * and a Python STOMP one (stomp.py, skipped where it is missing): a configured limit raises a
 * warning that polled answers and published samples show as their quality; the alarm topic gives a
 * new subscriber the active alarms at once and every event after, numbered; acknowledging is
 * audited and published; limits set at run time on a vector's statistic raise and clear an alarm;
 * an instrument that fails raises its IM's alarm; bad requests get documented faults.
 */
class AlarmsIT {
  static final Duration WAIT = Duration.ofSeconds(30);
  static final String SCOPE_ALARM = "lab/scope#peakToPeak";
  static final ObjectMapper JSON = new ObjectMapper();

  @TempDir static Path dir;
  static RunningElement running;

  @BeforeAll
  static void start() throws Exception {
    Path users =
        UsersFile.write(
            dir.resolve("users.properties"),
            Map.of(
                "arrays", "observe:lab/array2500",
                "operator", "control:*",
                "admin", "admin:*"));
    running =
        RunningElement.mockLab(
            "--security.users=" + users,
            "--im.scope.attribute.peakToPeak.period=20ms",
            // The mock scope's peak-to-peak is volts: always beyond this warning.
            "--im.scope.attribute.peakToPeak.alarm.highWarning=0.001",
            "--im.scope.attribute.peakToPeak.alarm.hysteresis=0.0005",
            "--im.array2500.attribute.vector.period=50ms",
            "--im.array1250.attribute.vector.period=50ms");
  }

  @AfterAll
  static void stop() {
    running.close();
  }

  static InstrumentElementPort as(String user) {
    return running.client(user, user);
  }

  static List<AlarmInfo> alarms(String user) throws InstrumentElementFault {
    return as(user).listAlarms(new ListAlarms()).getAlarm();
  }

  static AlarmInfo alarm(String user, String id) throws InstrumentElementFault {
    return alarms(user).stream().filter(a -> a.getId().equals(id)).findFirst().orElse(null);
  }

  static void eventually(BooleanSupplier condition, String what) throws InterruptedException {
    Conditions.eventually(WAIT, condition, what);
  }

  /** Whether {@code check} holds, treating a fault as "not yet". */
  static boolean holds(FaultingCheck check) {
    try {
      return check.holds();
    } catch (InstrumentElementFault e) {
      return false;
    }
  }

  interface FaultingCheck {
    boolean holds() throws InstrumentElementFault;
  }

  static Quality quality(String user, String im, String attribute) throws InstrumentElementFault {
    GetAttribute g = new GetAttribute();
    g.setIm(im);
    g.setAttribute(attribute);
    return as(user).getAttribute(g).getValue().getQuality();
  }

  static String faultCode(Executable call) {
    InstrumentElementFault f = assertThrows(InstrumentElementFault.class, call);
    String message = f.getFaultInfo().getMessage();
    assertFalse(message.contains("Exception") || message.contains("java."), message);
    return f.getFaultInfo().getCode();
  }

  @Test
  void aConfiguredLimitRaisesAWarningThatPolledAndPublishedValuesShow() throws Exception {
    eventually(() -> holds(() -> alarm("admin", SCOPE_ALARM) != null), "the configured warning");
    AlarmInfo a = alarm("admin", SCOPE_ALARM);
    assertEquals("WARNING", a.getSeverity());
    assertEquals("LIMIT", a.getKind());
    assertEquals("highWarning", a.getLimit());
    assertEquals(0.001, a.getLimitValue());
    assertTrue(a.getValue() > 0.001, "value " + a.getValue());
    assertEquals(Quality.WARNING, quality("admin", "lab/scope", "peakToPeak"));
    assertEquals(Quality.GOOD, quality("admin", "lab/scope", "timeIncrement"), "no limits");

    // The published samples carry the same quality.
    String topic = running.runtime.subscriptions().get("lab/scope", "peakToPeak").topic();
    Connection c = connect("admin");
    try {
      Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
      MessageConsumer consumer = s.createConsumer(s.createTopic(topic));
      Message m = consumer.receive(WAIT.toMillis());
      assertNotNull(m, "a sample of " + topic);
      assertEquals("WARNING", m.getStringProperty("ieQuality"));
    } finally {
      c.close();
    }

    // An observer of other IMs does not see the scope's alarm.
    assertTrue(alarms("arrays").stream().noneMatch(x -> x.getIm().equals("lab/scope")));
  }

  @Test
  void theAlarmTopicGivesTheActiveAlarmsOnSubscribeAndEveryEventAfterNumbered() throws Exception {
    eventually(() -> holds(() -> alarm("admin", SCOPE_ALARM) != null), "the configured warning");
    // A user who observes only the array may read the alarm topic.
    Connection c = connect("arrays");
    try {
      Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
      MessageConsumer consumer =
          s.createConsumer(s.createTopic(running.runtime.alarmTopic().topic()));
      TextMessage first = (TextMessage) consumer.receive(WAIT.toMillis());
      assertNotNull(first, "the last message of the alarm topic on subscribe");
      JsonNode body = JSON.readTree(first.getText());
      assertTrue(ids(body.get("active")).contains(SCOPE_ALARM), first.getText());
      long sequence = first.getLongProperty("ieSequence");
      assertThrows(
          jakarta.jms.JMSSecurityException.class,
          () ->
              s.createProducer(s.createTopic(AlarmMessages.topic("ie", "ie")))
                  .send(s.createTextMessage("{}")));
      assertTrue(sequence >= 1);
      assertTrue(first.getLongProperty("ieEpoch") > 0);

      AcknowledgeAlarm ack = new AcknowledgeAlarm();
      ack.setId(SCOPE_ALARM);
      AlarmInfo acked = as("operator").acknowledgeAlarm(ack).getAlarm();
      assertEquals("operator", acked.getAcknowledgedBy());
      assertNotNull(acked.getAcknowledged());
      assertEquals("operator", alarm("admin", SCOPE_ALARM).getAcknowledgedBy());

      // Every event after the first is numbered one on; the acknowledgement is among them.
      JsonNode event = null;
      while (event == null) {
        TextMessage m = (TextMessage) consumer.receive(WAIT.toMillis());
        assertNotNull(m, "the acknowledgement on the alarm topic");
        assertEquals(++sequence, m.getLongProperty("ieSequence"), "no gap");
        JsonNode b = JSON.readTree(m.getText());
        if ("ACKNOWLEDGED".equals(m.getStringProperty("ieEvent"))
            && SCOPE_ALARM.equals(m.getStringProperty("ieAlarm"))) {
          event = b;
          assertEquals("WARNING", m.getStringProperty("ieSeverity"));
        }
      }
      assertEquals("operator", event.get("alarm").get("acknowledgedBy").asText());
      assertEquals("lab/scope", event.get("alarm").get("im").asText());
      assertEquals(0.001, event.get("alarm").get("limitValue").asDouble());

      // Audited, with who and what.
      Path audit = running.runtime.config().security().auditFile();
      eventually(
          () -> auditLines(audit).stream().anyMatch(l -> l.contains("\"acknowledgeAlarm\"")),
          "the audit line");
      String line =
          auditLines(audit).stream()
              .filter(l -> l.contains("\"acknowledgeAlarm\""))
              .findFirst()
              .orElseThrow();
      assertTrue(line.contains("\"user\":\"operator\""), line);
      assertTrue(line.contains("\"im\":\"lab/scope\""), line);
      assertTrue(line.contains("\"result\":\"OK: WARNING peakToPeak"), line);
      assertTrue(line.contains("\"details\":\"alarm lab/scope#peakToPeak\""), line);
    } finally {
      c.close();
    }

    assertEquals(
        "UNKNOWN_ALARM",
        faultCode(
            () -> {
              AcknowledgeAlarm none = new AcknowledgeAlarm();
              none.setId("lab/scope#nothing");
              as("operator").acknowledgeAlarm(none);
            }));
    assertEquals(
        "NOT_AUTHORIZED",
        faultCode(
            () -> {
              AcknowledgeAlarm ack = new AcknowledgeAlarm();
              ack.setId(SCOPE_ALARM);
              as("arrays").acknowledgeAlarm(ack);
            }));
  }

  @Test
  void aPythonStompSubscriberGetsTheActiveAlarmsOnSubscribing() throws Exception {
    Path python = Path.of("/usr/bin/python3");
    assumeTrue(Files.isExecutable(python), "no " + python);
    Process probe = new ProcessBuilder(python.toString(), "-c", "import stomp").start();
    assumeTrue(
        probe.waitFor(30, TimeUnit.SECONDS) && probe.exitValue() == 0, "stomp.py not installed");
    eventually(() -> holds(() -> alarm("admin", SCOPE_ALARM) != null), "the configured warning");
    String port = running.runtime.broker().stompUrl().replaceAll(".*:", "");
    Path output = Files.createTempFile("stomp-alarms", ".out");
    Process p =
        new ProcessBuilder(
                python.toString(),
                "src/test/python/stomp_alarm_subscriber.py",
                "localhost",
                port,
                "/topic/" + running.runtime.alarmTopic().topic(),
                "arrays",
                "arrays")
            .redirectErrorStream(true)
            .redirectOutput(output.toFile())
            .start();
    boolean done = p.waitFor(90, TimeUnit.SECONDS);
    if (!done) {
      p.destroyForcibly();
    }
    String out = Files.readString(output, StandardCharsets.UTF_8);
    assertEquals(0, done ? p.exitValue() : -1, out);
    JsonNode first = JSON.readTree(out.substring(out.indexOf('{')));
    List<String> active = new ArrayList<>();
    first.get("active").forEach(a -> active.add(a.asText()));
    assertTrue(active.contains(SCOPE_ALARM), out);
    assertTrue(first.get("sequence").asLong() >= 1, out);
  }

  @Test
  void limitsSetAtRunTimeOnAVectorStatisticRaiseAndClearAnAlarm() throws Exception {
    ConfigureAlarmLimits set = limits("lab/array2500", "vector", "max");
    set.setHighAlarm(-1e9); // every vector's maximum is above
    List<AlarmLimitsInfo> now = as("admin").configureAlarmLimits(set).getLimits();
    assertEquals(1, now.size());
    assertEquals("max", now.get(0).getStatistic());
    assertEquals(-1e9, now.get(0).getHighAlarm());
    String id = "lab/array2500#vector.max";
    eventually(() -> holds(() -> alarm("arrays", id) != null), "the alarm on vector.max");
    assertEquals("ALARM", alarm("arrays", id).getSeverity());
    assertEquals(Quality.ALARM, quality("arrays", "lab/array2500", "vector"));
    assertTrue(
        as("arrays").listAlarmLimits(new ListAlarmLimits()).getLimits().stream()
            .anyMatch(l -> l.getIm().equals("lab/array2500") && "max".equals(l.getStatistic())));

    as("admin").configureAlarmLimits(limits("lab/array2500", "vector", "max")); // none: removed
    eventually(() -> holds(() -> alarm("arrays", id) == null), "the alarm cleared");
    assertEquals(Quality.GOOD, quality("arrays", "lab/array2500", "vector"));
  }

  @Test
  void badLimitsGetDocumentedFaults() {
    ConfigureAlarmLimits statisticOfAScalar = limits("lab/scope", "peakToPeak", "max");
    statisticOfAScalar.setHighAlarm(1.0);
    assertEquals(
        "WRONG_TYPE", faultCode(() -> as("admin").configureAlarmLimits(statisticOfAScalar)));
    ConfigureAlarmLimits vectorWithout = limits("lab/array2500", "vector", null);
    vectorWithout.setHighAlarm(1.0);
    assertEquals("WRONG_TYPE", faultCode(() -> as("admin").configureAlarmLimits(vectorWithout)));
    ConfigureAlarmLimits median = limits("lab/array2500", "vector", "median");
    assertEquals("OUT_OF_RANGE", faultCode(() -> as("admin").configureAlarmLimits(median)));
    ConfigureAlarmLimits reversed = limits("lab/scope", "peakToPeak", null);
    reversed.setLowAlarm(5.0);
    reversed.setHighAlarm(1.0);
    assertEquals("OUT_OF_RANGE", faultCode(() -> as("admin").configureAlarmLimits(reversed)));
    ConfigureAlarmLimits notSampled = limits("lab/scope", "timeIncrement", null);
    notSampled.setHighAlarm(1.0);
    assertEquals("NOT_SUBSCRIBABLE", faultCode(() -> as("admin").configureAlarmLimits(notSampled)));
    ConfigureAlarmLimits unknown = limits("lab/scope", "nothing", null);
    assertEquals("UNKNOWN_ATTRIBUTE", faultCode(() -> as("admin").configureAlarmLimits(unknown)));
    ConfigureAlarmLimits byOperator = limits("lab/scope", "peakToPeak", null);
    assertEquals(
        "NOT_AUTHORIZED", faultCode(() -> as("operator").configureAlarmLimits(byOperator)));
  }

  @Test
  void aFailedInstrumentRaisesItsImsAlarmUntilItIsBack() throws Exception {
    MockDevice array = running.device("MOCK::array::1250");
    String id = "lab/array1250#" + Alarms.STATE;
    array.powerOff();
    try {
      eventually(() -> holds(() -> alarm("admin", id) != null), "the IM's alarm");
      AlarmInfo a = alarm("admin", id);
      assertEquals("IM_ERROR", a.getKind());
      assertEquals("ALARM", a.getSeverity());
      assertTrue(a.getMessage().contains("ERROR"), a.getMessage());
    } finally {
      array.powerOn();
    }
    eventually(() -> holds(() -> alarm("admin", id) == null), "cleared once reconnected");
  }

  @Test
  void limitsSetAtRunTimeSurviveARestartUnlessTheFileChangedThem() throws Exception {
    Path data = RunningElement.newDataDir();
    ConfigureAlarmLimits set = limits("lab/array1250", "vector", "min");
    set.setLowWarning(-1e9);
    set.setHysteresis(0.5);
    try (RunningElement first = restartable(data)) {
      first.client().configureAlarmLimits(set);
    }
    try (RunningElement second = restartable(data)) {
      List<AlarmLimitsInfo> kept =
          second.client().listAlarmLimits(new ListAlarmLimits()).getLimits().stream()
              .filter(l -> l.getIm().equals("lab/array1250"))
              .toList();
      assertEquals(1, kept.size());
      assertEquals("min", kept.get(0).getStatistic());
      assertEquals(-1e9, kept.get(0).getLowWarning());
      assertEquals(0.5, kept.get(0).getHysteresis());
    }
    try (RunningElement edited =
        restartable(data, "--im.array1250.attribute.vector.alarm.min.lowWarning=-5")) {
      List<AlarmLimitsInfo> now =
          edited.client().listAlarmLimits(new ListAlarmLimits()).getLimits().stream()
              .filter(l -> l.getIm().equals("lab/array1250"))
              .toList();
      assertEquals(1, now.size());
      assertEquals(-5.0, now.get(0).getLowWarning(), "the file changed them: the file wins");
      assertEquals(0.0, now.get(0).getHysteresis());
    }
  }

  static RunningElement restartable(Path data, String... options) throws Exception {
    return RunningElement.of(
        RunningElement.freePorts(ConfigLoader.load(List.of(options), Map.of()))
            .with("data.dir", data.toString()));
  }

  static ConfigureAlarmLimits limits(String im, String attribute, String statistic) {
    ConfigureAlarmLimits c = new ConfigureAlarmLimits();
    c.setIm(im);
    c.setAttribute(attribute);
    c.setStatistic(statistic);
    return c;
  }

  static List<String> ids(JsonNode active) {
    List<String> ids = new ArrayList<>();
    active.forEach(a -> ids.add(a.get("id").asText()));
    return ids;
  }

  static List<String> auditLines(Path audit) {
    try {
      return Files.readAllLines(audit, StandardCharsets.UTF_8);
    } catch (java.io.IOException e) {
      return List.of();
    }
  }

  static Connection connect(String user) throws Exception {
    return running.openWire(user);
  }
}
