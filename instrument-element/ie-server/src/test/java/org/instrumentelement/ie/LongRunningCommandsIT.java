package org.instrumentelement.ie;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.jms.JMSSecurityException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.BooleanSupplier;
import org.apache.activemq.ActiveMQConnection;
import org.instrumentelement.ie.client.soap.CancelCommand;
import org.instrumentelement.ie.client.soap.CommandInfo;
import org.instrumentelement.ie.client.soap.CommandState;
import org.instrumentelement.ie.client.soap.CommandStatusInfo;
import org.instrumentelement.ie.client.soap.DescribeInstrumentManager;
import org.instrumentelement.ie.client.soap.ExecuteCommand;
import org.instrumentelement.ie.client.soap.ExecuteCommandResponse;
import org.instrumentelement.ie.client.soap.GetAttribute;
import org.instrumentelement.ie.client.soap.GetCommandStatus;
import org.instrumentelement.ie.client.soap.GetState;
import org.instrumentelement.ie.client.soap.InstrumentElementFault;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.ListCommands;
import org.instrumentelement.ie.client.soap.SetParameter;
import org.instrumentelement.ie.client.soap.Value;
import org.instrumentelement.ie.security.UsersFile;
import org.instrumentelement.im.command.CommandRunner;
import org.instrumentelement.im.command.RunState;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Long-running commands through a real IE over real SOAP: the mock scope's acquireAverage answered
 * at once with a command id, its progress and intermediate results polled, refusals while it runs,
 * cancel (audited), its status messages on the IM's command topic for observers of the IM only, and
 * the wait that keeps a simple client simple.
 */
class LongRunningCommandsIT {
  static final Duration WAIT = Duration.ofSeconds(30);
  static final String SCOPE = "lab/scope";
  static final ObjectMapper JSON = new ObjectMapper();

  @TempDir static Path dir;
  static RunningElement running;
  static InstrumentElementPort alice;

  @BeforeAll
  static void start() throws Exception {
    Path users =
        UsersFile.write(
            dir.resolve("users.properties"),
            Map.of(
                "alice", "control:*",
                "scopewatch", "observe:lab/scope",
                "arrays", "observe:lab/array2500"));
    running =
        RunningElement.mockLab(
            "--security.users=" + users,
            // 10 divisions x 20 ms: a trace every 0.2 s at least
            "--im.scope.param.timebase=0.02");
    alice = running.client("alice", "alice");
    if (state(alice).equals("RUNNING")) {
      execute(alice, SCOPE, "stop", null);
    }
  }

  @AfterAll
  static void stop() {
    if (running != null) {
      running.close();
    }
  }

  static String state(InstrumentElementPort ie) throws Exception {
    GetState r = new GetState();
    r.setIm(SCOPE);
    return ie.getState(r).getState();
  }

  static ExecuteCommandResponse execute(
      InstrumentElementPort ie, String im, String command, Double waitSeconds, Value... args)
      throws Exception {
    ExecuteCommand r = new ExecuteCommand();
    r.setIm(im);
    r.setCommand(command);
    r.getArgument().addAll(List.of(args));
    r.setWaitSeconds(waitSeconds);
    return ie.executeCommand(r);
  }

  static Value count(long n) {
    Value v = new Value();
    v.setName("count");
    v.setIntegerValue(n);
    return v;
  }

  static CommandStatusInfo status(InstrumentElementPort ie, String im, String id) throws Exception {
    GetCommandStatus r = new GetCommandStatus();
    r.setIm(im);
    r.setCommandId(id);
    return ie.getCommandStatus(r).getStatus();
  }

  static CommandStatusInfo cancel(InstrumentElementPort ie, String im, String id) throws Exception {
    CancelCommand r = new CancelCommand();
    r.setIm(im);
    r.setCommandId(id);
    return ie.cancelCommand(r).getStatus();
  }

  static String faultCode(Call call) {
    return assertThrows(InstrumentElementFault.class, call::run).getFaultInfo().getCode();
  }

  interface Call {
    void run() throws Exception;
  }

  static void eventually(BooleanSupplier condition, String what) throws InterruptedException {
    Conditions.eventually(WAIT, condition, what);
  }

  static CommandStatusInfo until(String id, java.util.function.Predicate<CommandStatusInfo> p)
      throws Exception {
    CommandStatusInfo[] last = new CommandStatusInfo[1];
    eventually(
        () -> {
          try {
            last[0] = status(alice, SCOPE, id);
            return p.test(last[0]);
          } catch (Exception e) {
            throw new AssertionError(e);
          }
        },
        "status of " + id);
    return last[0];
  }

  static ActiveMQConnection broker(String user) throws Exception {
    return running.openWire(user);
  }

  static String body(Message m) throws Exception {
    if (m instanceof TextMessage t) {
      return t.getText();
    }
    jakarta.jms.BytesMessage b = (jakarta.jms.BytesMessage) m;
    byte[] bytes = new byte[(int) b.getBodyLength()];
    b.readBytes(bytes);
    return new String(bytes, StandardCharsets.UTF_8);
  }

  @Test
  void theModelSaysWhichCommandsAreLongRunning() throws Exception {
    DescribeInstrumentManager r = new DescribeInstrumentManager();
    r.setIm(SCOPE);
    List<CommandInfo> commands = alice.describeInstrumentManager(r).getDescription().getCommand();
    CommandInfo average =
        commands.stream().filter(c -> c.getName().equals("acquireAverage")).findFirst().get();
    assertEquals("AVERAGING", average.getRunningState());
    assertNull(
        commands.stream()
            .filter(c -> c.getName().equals("measure"))
            .findFirst()
            .get()
            .getRunningState());
  }

  @Test
  void aLongCommandAnswersAtOnceReportsProgressRefusesChangesAndCancels() throws Exception {
    try (ActiveMQConnection watcher = broker("scopewatch");
        ActiveMQConnection stranger = broker("arrays")) {
      Session ws = watcher.createSession(false, Session.AUTO_ACKNOWLEDGE);
      String topic = "ie.ie.lab.scope.commands";
      MessageConsumer consumer = ws.createConsumer(ws.createTopic(topic));
      BlockingQueue<JsonNode> seen = new LinkedBlockingQueue<>();
      consumer.setMessageListener(
          m -> {
            try {
              seen.add(JSON.readTree(body(m)));
            } catch (Exception e) {
              throw new IllegalStateException(e);
            }
          });
      Session ss = stranger.createSession(false, Session.AUTO_ACKNOWLEDGE);
      assertThrows(
          JMSSecurityException.class,
          () -> ss.createConsumer(ss.createTopic(topic)),
          "only observers of lab/scope read its command topic");

      ExecuteCommandResponse started = execute(alice, SCOPE, "acquireAverage", null, count(1000));
      assertNotNull(started.getCommandId());
      assertEquals(CommandState.RUNNING, started.getStatus().getState());
      assertEquals("AVERAGING", started.getState());
      assertNull(started.getResult());
      String id = started.getCommandId();

      CommandStatusInfo s = until(id, x -> x.getIntermediateCount() >= 2);
      assertEquals(CommandState.RUNNING, s.getState());
      assertTrue(s.getProgress() > 0 && s.getProgress() < 1, "progress " + s.getProgress());
      assertTrue(s.getText().startsWith("trace "), s.getText());
      assertNotNull(s.getRemainingSeconds(), "an estimate once there is progress");
      assertTrue(s.getElapsedSeconds() > 0);
      assertTrue(s.getIntermediate().get(0).getDoubleValue() > 0, "a trace's peak-to-peak");
      assertEquals("1", s.getIntermediate().get(0).getName());

      SetParameter set = new SetParameter();
      set.setIm(SCOPE);
      set.setParameter("voltsPerDiv");
      Value one = new Value();
      one.setDoubleValue(1.0);
      set.setValue(one);
      InstrumentElementFault refused =
          assertThrows(InstrumentElementFault.class, () -> alice.setParameter(set));
      assertEquals("NOT_ALLOWED_IN_STATE", refused.getFaultInfo().getCode());
      assertTrue(refused.getFaultInfo().getMessage().contains("AVERAGING"));
      assertEquals(
          "NOT_ALLOWED_IN_STATE",
          faultCode(() -> execute(alice, SCOPE, "acquireAverage", null, count(2))));
      GetAttribute identity = new GetAttribute();
      identity.setIm(SCOPE);
      identity.setAttribute("identity");
      assertTrue(alice.getAttribute(identity).getValue().getStringValue().contains(","));

      InstrumentElementPort observer = running.client("scopewatch", "scopewatch");
      assertEquals(CommandState.RUNNING, status(observer, SCOPE, id).getState());
      assertEquals("NOT_AUTHORIZED", faultCode(() -> cancel(observer, SCOPE, id)));
      assertEquals(
          1,
          observer.listCommands(new ListCommands()).getStatus().stream()
              .filter(x -> x.getCommandId().equals(id))
              .count());

      cancel(alice, SCOPE, id);
      CommandStatusInfo end = until(id, x -> x.getState() != CommandState.RUNNING);
      assertEquals(CommandState.CANCELLED, end.getState());
      assertEquals("CANCELLED", end.getFaultCode());
      assertEquals("alice", end.getCancelledBy());
      assertNotNull(end.getEnded());
      assertEquals("LINKED", state(alice), "back where it started");
      assertEquals(1.0, alice.setParameter(set).getValue().getDoubleValue());

      JsonNode last = null;
      long deadline = System.nanoTime() + WAIT.toNanos();
      while (System.nanoTime() < deadline) {
        JsonNode m = seen.poll(100, java.util.concurrent.TimeUnit.MILLISECONDS);
        if (m != null && m.get("commandId").asText().equals(id)) {
          last = m;
          if (m.get("state").asText().equals("CANCELLED")) {
            break;
          }
        }
      }
      assertNotNull(last, "status messages on " + topic);
      assertEquals("CANCELLED", last.get("state").asText());
      assertEquals("alice", last.get("cancelledBy").asText());
      assertEquals("acquireAverage", last.get("command").asText());
      assertTrue(last.get("intermediateCount").asLong() >= 2);

      List<String> audit = Files.readAllLines(running.runtime.config().security().auditFile());
      assertTrue(
          audit.stream()
              .anyMatch(
                  l ->
                      l.contains("\"user\":\"alice\"")
                          && l.contains("\"operation\":\"cancelCommand\"")
                          && l.contains(id)),
          String.join("\n", audit));
    }
  }

  @Test
  void aClientMayWaitForTheEndAndGetsTheResult() throws Exception {
    ExecuteCommandResponse r = execute(alice, SCOPE, "acquireAverage", 60.0, count(3));
    assertEquals(CommandState.SUCCEEDED, r.getStatus().getState());
    assertEquals("LINKED", r.getState());
    assertEquals(3, r.getStatus().getIntermediateCount());
    assertEquals(1.0, r.getStatus().getProgress());
    assertTrue(r.getResult().getLength() > 0, "the averaged trace");
    assertEquals(r.getResult().getLength(), r.getStatus().getResult().getLength());
    CommandStatusInfo later = status(alice, SCOPE, r.getCommandId());
    assertEquals(CommandState.SUCCEEDED, later.getState(), "kept after the end");
  }

  @Test
  void theGroupRunsACommandOnItsChildrenAndReportsEach() throws Exception {
    Value command = new Value();
    command.setName("command");
    command.setStringValue("acquireAverage");
    ExecuteCommandResponse r = execute(alice, "lab", "runOnChildren", 60.0, command);
    assertEquals(CommandState.SUCCEEDED, r.getStatus().getState(), r.getStatus().getError());
    assertEquals(1, r.getStatus().getIntermediateCount(), "one child has acquireAverage");
    assertEquals("lab/scope: succeeded", r.getStatus().getIntermediate().get(0).getStringValue());
    assertEquals(1.0, r.getStatus().getProgress());
    assertEquals("LINKED", state(alice));
  }

  @Test
  void ordinaryCommandsAnswerAsBefore() throws Exception {
    Value q = new Value();
    q.setName("quantity");
    q.setStringValue("MAX");
    ExecuteCommandResponse r = execute(alice, SCOPE, "measure", null, q);
    assertNotNull(r.getResult().getDoubleValue());
    assertNull(r.getCommandId());
    assertNull(r.getStatus());
  }

  @Test
  void badRequestsGetFaultsInTheElementsWords() throws Exception {
    InstrumentElementFault unknown =
        assertThrows(InstrumentElementFault.class, () -> status(alice, SCOPE, "no-such-run"));
    assertEquals("UNKNOWN_COMMAND_ID", unknown.getFaultInfo().getCode());
    assertTrue(
        unknown.getFaultInfo().getMessage().contains("no command 'no-such-run' on lab/scope"));
    assertEquals(
        "OUT_OF_RANGE", faultCode(() -> execute(alice, SCOPE, "acquireAverage", -1.0, count(2))));
    assertEquals(
        "OUT_OF_RANGE", faultCode(() -> execute(alice, SCOPE, "acquireAverage", null, count(0))));
    ExecuteCommandResponse r = execute(alice, SCOPE, "acquireAverage", 60.0, count(1));
    assertEquals(
        "UNKNOWN_COMMAND_ID",
        faultCode(() -> status(alice, "lab/array2500", r.getCommandId())),
        "a run is found only through its own IM");
    assertEquals("MALFORMED_REQUEST", faultCode(() -> status(alice, SCOPE, "")));
    String huge = "x".repeat(10_000);
    InstrumentElementFault f =
        assertThrows(InstrumentElementFault.class, () -> cancel(alice, SCOPE, huge));
    assertEquals("UNKNOWN_COMMAND_ID", f.getFaultInfo().getCode());
    assertFalse(f.getFaultInfo().getMessage().contains(huge));
  }

  @Test
  void shuttingDownCancelsRunningCommands() throws Exception {
    try (RunningElement other = RunningElement.mockLab("--im.scope.param.timebase=0.02")) {
      InstrumentElementPort ie = other.client();
      GetState gs = new GetState();
      gs.setIm(SCOPE);
      if (ie.getState(gs).getState().equals("RUNNING")) {
        execute(ie, SCOPE, "stop", null);
      }
      String id = execute(ie, SCOPE, "acquireAverage", null, count(1000)).getCommandId();
      CommandRunner runner = other.ie.commands();
      other.close();
      var end = runner.find(id).orElseThrow().status();
      assertEquals(RunState.CANCELLED, end.state());
      assertEquals(CommandRunner.SHUTDOWN, end.cancelledBy());
    }
  }
}
