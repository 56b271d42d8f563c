package org.instrumentelement.ie.security;

import static org.instrumentelement.ie.client.InstrumentElementClient.doubleValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.instrumentelement.ie.RunningElement;
import org.instrumentelement.ie.client.InstrumentElementClient;
import org.instrumentelement.ie.client.soap.BreakReservation;
import org.instrumentelement.ie.client.soap.ConfigureSampling;
import org.instrumentelement.ie.client.soap.DeleteRecording;
import org.instrumentelement.ie.client.soap.DescribeInstrumentManager;
import org.instrumentelement.ie.client.soap.ExecuteCommand;
import org.instrumentelement.ie.client.soap.GetAttribute;
import org.instrumentelement.ie.client.soap.GetAttributes;
import org.instrumentelement.ie.client.soap.GetParameter;
import org.instrumentelement.ie.client.soap.GetState;
import org.instrumentelement.ie.client.soap.GetSubscriptionInfo;
import org.instrumentelement.ie.client.soap.InstrumentElementFault;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.ListInstrumentManagers;
import org.instrumentelement.ie.client.soap.ListRecordings;
import org.instrumentelement.ie.client.soap.ListReservations;
import org.instrumentelement.ie.client.soap.ListSubscriptions;
import org.instrumentelement.ie.client.soap.RecordingInfo;
import org.instrumentelement.ie.client.soap.ReleaseReservation;
import org.instrumentelement.ie.client.soap.RenewReservation;
import org.instrumentelement.ie.client.soap.Reserve;
import org.instrumentelement.ie.client.soap.SetAttribute;
import org.instrumentelement.ie.client.soap.SetParameter;
import org.instrumentelement.ie.client.soap.StartRecording;
import org.instrumentelement.ie.config.ConfigLoader;
import org.instrumentelement.ie.recording.RecordingCalls;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every role against every operation through SOAP, reservations between two users, and the audit
 * log they leave, on an Instrument Element with a users file.
 */
class AccessControlIT {
  @TempDir static Path dir;
  static RunningElement running;

  /** user name = password; grants as in a lab's users file. */
  static final Map<String, String> USERS =
      Map.of(
          "chief", "admin:*",
          "op", "control:lab",
          "watcher", "observe:*",
          "arrays", "control:lab/array2500",
          "nobody", "");

  @BeforeAll
  static void start() throws Exception {
    Path users = UsersFile.write(dir.resolve("users.properties"), USERS);
    running =
        RunningElement.of(
            RunningElement.freePorts(
                ConfigLoader.load(
                    // Wrong passwords are part of these tests, all from this machine: the login
                    // throttle (LoginThrottleIT) would slow the right ones that follow.
                    List.of("--security.users=" + users, "--login.throttle=false"), Map.of())));
  }

  @AfterAll
  static void stop() {
    running.close();
  }

  interface Call {
    void on(InstrumentElementPort ie) throws Exception;
  }

  /** Every operation, each aimed at lab/scope where it names an IM. */
  static Map<String, Call> operations() {
    Map<String, Call> ops = new LinkedHashMap<>();
    ops.put(
        "listInstrumentManagers", ie -> ie.listInstrumentManagers(new ListInstrumentManagers()));
    ops.put(
        "describeInstrumentManager",
        ie -> {
          DescribeInstrumentManager r = new DescribeInstrumentManager();
          r.setIm("lab/scope");
          ie.describeInstrumentManager(r);
        });
    ops.put(
        "getState",
        ie -> {
          GetState r = new GetState();
          r.setIm("lab/scope");
          ie.getState(r);
        });
    ops.put(
        "getAttribute",
        ie -> {
          GetAttribute r = new GetAttribute();
          r.setIm("lab/scope");
          r.setAttribute("identity");
          ie.getAttribute(r);
        });
    ops.put(
        "getAttributes",
        ie -> {
          GetAttributes r = new GetAttributes();
          r.setIm("lab/scope");
          r.getAttribute().add("identity");
          ie.getAttributes(r);
        });
    ops.put(
        "getParameter",
        ie -> {
          GetParameter r = new GetParameter();
          r.setIm("lab/scope");
          r.setParameter("timebase");
          ie.getParameter(r);
        });
    ops.put(
        "getProvenance",
        ie -> {
          org.instrumentelement.ie.client.soap.GetProvenance r =
              new org.instrumentelement.ie.client.soap.GetProvenance();
          r.setIm("lab/scope");
          ie.getProvenance(r);
        });
    ops.put("listSubscriptions", ie -> ie.listSubscriptions(new ListSubscriptions()));
    ops.put(
        "getSubscriptionInfo",
        ie -> {
          GetSubscriptionInfo r = new GetSubscriptionInfo();
          r.setIm("lab/scope");
          r.setAttribute("waveform");
          ie.getSubscriptionInfo(r);
        });
    ops.put("listReservations", ie -> ie.listReservations(new ListReservations()));
    ops.put(
        "setParameter",
        ie -> {
          SetParameter r = new SetParameter();
          r.setIm("lab/scope");
          r.setParameter("timebase");
          r.setValue(doubleValue(0.001));
          ie.setParameter(r);
        });
    ops.put(
        "setAttribute",
        ie -> {
          SetAttribute r = new SetAttribute();
          r.setIm("lab/scope");
          r.setAttribute("triggerLevel");
          r.setValue(doubleValue(0));
          ie.setAttribute(r);
        });
    ops.put(
        "executeCommand",
        ie -> {
          ExecuteCommand r = new ExecuteCommand();
          r.setIm("lab/scope");
          r.setCommand("autoscale");
          ie.executeCommand(r);
        });
    ops.put(
        "reserve",
        ie -> {
          Reserve r = new Reserve();
          r.setIm("lab/scope");
          r.setDurationMillis(60_000L);
          ie.reserve(r);
          ReleaseReservation rel = new ReleaseReservation();
          rel.setIm("lab/scope");
          ie.releaseReservation(rel);
        });
    ops.put(
        "renewReservation",
        ie -> {
          RenewReservation r = new RenewReservation();
          r.setIm("lab/scope");
          ie.renewReservation(r); // none held: RESERVED, but only after the role check
        });
    ops.put(
        "releaseReservation",
        ie -> {
          ReleaseReservation r = new ReleaseReservation();
          r.setIm("lab/scope");
          ie.releaseReservation(r);
        });
    ops.put(
        "configureSampling",
        ie -> {
          ConfigureSampling r = new ConfigureSampling();
          r.setIm("lab/scope");
          r.setAttribute("waveform");
          r.setSamplingPeriodMillis(200L);
          ie.configureSampling(r);
        });
    ops.put(
        "breakReservation",
        ie -> {
          BreakReservation r = new BreakReservation();
          r.setIm("lab/scope");
          ie.breakReservation(r);
        });
    ops.put(
        "startRecording",
        ie -> {
          StartRecording r = new StartRecording();
          r.getItem().add(RecordingCalls.item("lab/scope", "peakToPeak"));
          r.setMaxSamples(1L);
          String id = ie.startRecording(r).getRecording().getRecording();
          RecordingCalls.stop(ie, id);
        });
    ops.put("listRecordings", ie -> ie.listRecordings(new ListRecordings()));
    ops.put(
        "getHistory",
        ie -> {
          org.instrumentelement.ie.client.soap.GetHistory r =
              new org.instrumentelement.ie.client.soap.GetHistory();
          r.setIm("lab/scope");
          r.setAttribute("peakToPeak");
          ie.getHistory(r);
        });
    // A time before anything was archived: access is checked before the archive is read.
    ops.put(
        "getHistoryValue",
        ie -> {
          org.instrumentelement.ie.client.soap.GetHistoryValue r =
              new org.instrumentelement.ie.client.soap.GetHistoryValue();
          r.setIm("lab/scope");
          r.setAttribute("peakToPeak");
          r.setTime(
              javax.xml.datatype.DatatypeFactory.newInstance()
                  .newXMLGregorianCalendar("2000-01-01T00:00:00Z"));
          ie.getHistoryValue(r);
        });
    // A command id that names no run: access is checked before the id is looked up.
    ops.put(
        "getCommandStatus",
        ie -> {
          org.instrumentelement.ie.client.soap.GetCommandStatus r =
              new org.instrumentelement.ie.client.soap.GetCommandStatus();
          r.setIm("lab/scope");
          r.setCommandId("no-such-run");
          ie.getCommandStatus(r);
        });
    ops.put(
        "cancelCommand",
        ie -> {
          org.instrumentelement.ie.client.soap.CancelCommand r =
              new org.instrumentelement.ie.client.soap.CancelCommand();
          r.setIm("lab/scope");
          r.setCommandId("no-such-run");
          ie.cancelCommand(r);
        });
    ops.put(
        "listCommands",
        ie -> ie.listCommands(new org.instrumentelement.ie.client.soap.ListCommands()));
    // The shortest discovery, of nothing: access is checked before anything is searched.
    ops.put(
        "discoverInstruments",
        ie -> {
          org.instrumentelement.ie.client.soap.DiscoverInstruments r =
              new org.instrumentelement.ie.client.soap.DiscoverInstruments();
          r.setTimeoutMillis(500L);
          r.setMdns(false);
          r.setBroadcast(false);
          r.getNetwork().add("127.0.0.1");
          ie.discoverInstruments(r);
        });
    // A name that is not one, an IM that is not there: access is checked first, nothing changes.
    ops.put(
        "addInstrumentManager",
        ie -> {
          org.instrumentelement.ie.client.soap.AddInstrumentManager r =
              new org.instrumentelement.ie.client.soap.AddInstrumentManager();
          r.setName("not/a-name");
          r.setType("scope");
          ie.addInstrumentManager(r);
        });
    ops.put(
        "removeInstrumentManager",
        ie -> {
          org.instrumentelement.ie.client.soap.RemoveInstrumentManager r =
              new org.instrumentelement.ie.client.soap.RemoveInstrumentManager();
          r.setIm("no-such-im");
          ie.removeInstrumentManager(r);
        });
    return ops;
  }

  /** The role each operation needs on lab/scope. */
  static Role needed(String op) {
    return switch (op) {
      case "setParameter",
              "setAttribute",
              "executeCommand",
              "cancelCommand",
              "reserve",
              "renewReservation",
              "releaseReservation",
              "startRecording" ->
          Role.CONTROL;
      case "configureSampling",
              "breakReservation",
              "discoverInstruments",
              "addInstrumentManager",
              "removeInstrumentManager" ->
          Role.ADMIN;
      default -> Role.OBSERVE;
    };
  }

  /** The code a call failed with, "OK", or the code that says access was fine but more failed. */
  static String outcome(InstrumentElementPort ie, Call call) {
    try {
      call.on(ie);
      return "OK";
    } catch (InstrumentElementFault f) {
      String code = f.getFaultInfo().getCode();
      return code.equals("NOT_AUTHENTICATED") || code.equals("NOT_AUTHORIZED") ? code : "OK";
    } catch (Exception e) {
      return unauthorized(e) ? "NOT_AUTHENTICATED" : e.toString();
    }
  }

  /** A generated client sees the 401 challenge as a transport error. */
  static boolean unauthorized(Throwable e) {
    return InstrumentElementClient.unauthorized(e);
  }

  @Test
  void everyRoleAgainstEveryOperation() throws Exception {
    List<String> wrong = new ArrayList<>();
    for (String user : USERS.keySet()) {
      InstrumentElementPort ie = running.client(user, user);
      for (Map.Entry<String, Call> op : operations().entrySet()) {
        Role role = needed(op.getKey());
        boolean listing = op.getKey().startsWith("list");
        boolean allowed =
            switch (user) {
              case "chief" -> true;
              case "op" -> role != Role.ADMIN;
              case "watcher" -> role == Role.OBSERVE;
              case "arrays" -> listing; // nothing on lab/scope, but lists show its own IM
              default -> false;
            };
        String got = outcome(ie, op.getValue());
        String expected = allowed ? "OK" : "NOT_AUTHORIZED";
        if (!got.equals(expected)) {
          wrong.add(user + " " + op.getKey() + ": expected " + expected + ", got " + got);
        }
      }
    }
    assertTrue(wrong.isEmpty(), String.join("\n", wrong));
  }

  @Test
  void withoutValidCredentialsEveryOperationIsRefused() throws Exception {
    InstrumentElementPort anonymous =
        org.instrumentelement.ie.client.InstrumentElementClient.connect(running.url());
    InstrumentElementPort wrongPassword = running.client("chief", "guess");
    for (Map.Entry<String, Call> op : operations().entrySet()) {
      assertEquals("NOT_AUTHENTICATED", outcome(anonymous, op.getValue()), op.getKey());
      assertEquals("NOT_AUTHENTICATED", outcome(wrongPassword, op.getValue()), op.getKey());
    }
    HttpResponse<String> r =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create(running.url()))
                    .header("Content-Type", "text/xml")
                    .POST(
                        HttpRequest.BodyPublishers.ofString(
                            "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
                                + "<ie:listInstrumentManagers xmlns:ie=\"http://instrumentelement.org/ie/1\"/>"
                                + "</soap:Body></soap:Envelope>"))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertEquals(401, r.statusCode());
    assertTrue(r.headers().firstValue("WWW-Authenticate").orElse("").startsWith("Basic"));
    assertTrue(r.body().contains("<code>NOT_AUTHENTICATED</code>"), r.body());
    HttpResponse<String> wsdl =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create(running.url() + "?wsdl")).build(),
                HttpResponse.BodyHandlers.ofString());
    assertEquals(200, wsdl.statusCode(), "the WSDL stays public so toolkits can read it");
  }

  @Test
  void aRecordingNeedsObserveOnItsImsToBeSeenAndControlToBeStoppedOrDeleted() throws Exception {
    InstrumentElementPort chief = running.client("chief", "chief");
    StartRecording start = new StartRecording();
    start.getItem().add(RecordingCalls.item("lab/scope", "peakToPeak"));
    String id = chief.startRecording(start).getRecording().getRecording();
    InstrumentElementPort watcher = running.client("watcher", "watcher");
    InstrumentElementPort arrays = running.client("arrays", "arrays");
    assertEquals("RECORDING", RecordingCalls.describe(watcher, id).getState());
    assertEquals("UNKNOWN_RECORDING", code(() -> RecordingCalls.describe(arrays, id)));
    assertTrue(
        arrays.listRecordings(new ListRecordings()).getRecording().stream()
            .noneMatch(r -> r.getRecording().equals(id)));
    assertEquals("NOT_AUTHORIZED", code(() -> RecordingCalls.stop(watcher, id)));
    assertEquals("UNKNOWN_RECORDING", code(() -> RecordingCalls.stop(arrays, id)));
    RecordingInfo stopped = RecordingCalls.stop(running.client("op", "op"), id);
    assertEquals("stopped by op", stopped.getStopReason());
    DeleteRecording delete = new DeleteRecording();
    delete.setRecording(id);
    assertEquals("NOT_AUTHORIZED", code(() -> watcher.deleteRecording(delete)));
    String base = running.url().substring(0, running.url().indexOf("/services/")) + "/";
    assertEquals(
        404, RecordingCalls.get(base + "recordings/" + id + ".zip", "arrays", null).statusCode());
    assertEquals(
        200, RecordingCalls.get(base + "recordings/" + id + ".zip", "watcher", null).statusCode());
    assertEquals(
        401,
        RecordingCalls.get(base + "recordings/" + id + ".zip", "nobody-known", null).statusCode());
    chief.deleteRecording(delete);
  }

  interface Action {
    void run() throws Exception;
  }

  /** The fault code an action fails with, or OK. */
  private static String code(Action action) {
    try {
      action.run();
    } catch (InstrumentElementFault f) {
      return f.getFaultInfo().getCode();
    } catch (Exception e) {
      return e.toString();
    }
    return "OK";
  }

  @Test
  void listsShowOnlyWhatTheCallerMayObserve() throws Exception {
    List<String> paths =
        running
            .client("arrays", "arrays")
            .listInstrumentManagers(new ListInstrumentManagers())
            .getInstrumentManager()
            .stream()
            .map(i -> i.getPath())
            .toList();
    assertEquals(List.of("lab/array2500"), paths);
    assertEquals(
        4,
        running
            .client("watcher", "watcher")
            .listInstrumentManagers(new ListInstrumentManagers())
            .getInstrumentManager()
            .size());
  }

  @Test
  void reservationKeepsOthersOutUntilReleasedBrokenOrLapsed() throws Exception {
    InstrumentElementPort op = running.client("op", "op");
    InstrumentElementPort chief = running.client("chief", "chief");
    Call set = operations().get("setParameter");
    Reserve reserve = new Reserve();
    reserve.setIm("lab/scope");
    reserve.setDurationMillis(60_000L);
    assertEquals("op", op.reserve(reserve).getReservation().getHolder());
    assertEquals("RESERVED", code(chief, set));
    assertEquals("OK", outcome(op, set));
    assertEquals("RESERVED", code(chief, ie -> ie.reserve(reserve)));
    assertEquals(
        "op",
        chief.listReservations(new ListReservations()).getReservation().get(0).getHolder(),
        "others see who holds it");

    BreakReservation brk = new BreakReservation();
    brk.setIm("lab/scope");
    assertTrue(chief.breakReservation(brk).isBroken());
    assertEquals("OK", outcome(chief, set));

    Reserve brief = new Reserve();
    brief.setIm("lab/scope");
    brief.setDurationMillis(3000L);
    op.reserve(brief);
    assertEquals("RESERVED", code(chief, set));
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (!chief.listReservations(new ListReservations()).getReservation().isEmpty()) {
      assertTrue(System.nanoTime() < deadline, "the reservation never lapsed");
      Thread.onSpinWait();
    }
    assertEquals("OK", outcome(chief, set), "a holder who disappears does not block the lab");
  }

  static String code(InstrumentElementPort ie, Call call) {
    try {
      call.on(ie);
      return "OK";
    } catch (InstrumentElementFault f) {
      return f.getFaultInfo().getCode();
    } catch (Exception e) {
      return e.toString();
    }
  }

  @Test
  void controlActionsAndRefusalsAreAudited() throws Exception {
    running.client("op", "op").setParameter(setTimebase(0.001));
    outcome(running.client("watcher", "watcher"), ie -> ie.setParameter(setTimebase(0.002)));
    outcome(running.client("chief", "wrong"), ie -> ie.setParameter(setTimebase(0.003)));
    List<String> lines = Files.readAllLines(running.runtime.config().security().auditFile());
    assertTrue(
        lines.stream()
            .anyMatch(
                l ->
                    l.contains("\"user\":\"op\"")
                        && l.contains("\"operation\":\"setParameter\"")
                        && l.contains("\"details\":\"timebase = 0.001\"")
                        && l.contains("\"result\":\"OK\"")),
        String.join("\n", lines));
    assertTrue(
        lines.stream()
            .anyMatch(
                l ->
                    l.contains("\"user\":\"watcher\"")
                        && l.contains("timebase = 0.002")
                        && l.contains("NOT_AUTHORIZED")),
        String.join("\n", lines));
    assertTrue(
        lines.stream()
            .anyMatch(
                l ->
                    // refused before the body is read: what was asked is not known
                    l.contains("\"user\":\"chief\"")
                        && l.contains("\"operation\":\"login\"")
                        && l.contains("\"details\":\"SOAP\"")
                        && l.contains("NOT_AUTHENTICATED")),
        String.join("\n", lines));
    assertFalse(
        lines.stream().anyMatch(l -> l.contains("\"operation\":\"getAttribute\"")),
        "reads are not audited");
  }

  @Test
  void actionsThatChangeNothingAreAuditedAsNoEffect() throws Exception {
    InstrumentElementPort op = running.client("op", "op");
    InstrumentElementPort chief = running.client("chief", "chief");
    Reserve reserve = new Reserve();
    reserve.setIm("lab/array1250");
    reserve.setDurationMillis(60_000L);
    op.reserve(reserve);
    ReleaseReservation release = new ReleaseReservation();
    release.setIm("lab/array1250");
    assertFalse(chief.releaseReservation(release).isReleased(), "not chief's to release");
    BreakReservation brk = new BreakReservation();
    brk.setIm("lab/array1250");
    assertTrue(chief.breakReservation(brk).isBroken());
    assertFalse(chief.breakReservation(brk).isBroken(), "nothing left to break");
    List<String> lines = Files.readAllLines(running.runtime.config().security().auditFile());
    assertTrue(
        lines.stream()
            .anyMatch(
                l ->
                    l.contains("\"user\":\"chief\"")
                        && l.contains("\"operation\":\"releaseReservation\"")
                        && l.contains("\"im\":\"lab/array1250\"")
                        && l.contains(
                            "\"result\":\"NO_EFFECT: the caller held no reservation of"
                                + " lab/array1250\"")),
        String.join("\n", lines));
    assertEquals(
        1,
        lines.stream()
            .filter(
                l -> l.contains("\"operation\":\"breakReservation\"") && l.contains("array1250"))
            .filter(
                l -> l.contains("NO_EFFECT: there was no reservation of lab/array1250 to break"))
            .count(),
        String.join("\n", lines));
    assertTrue(
        lines.stream()
            .anyMatch(
                l ->
                    l.contains("\"user\":\"op\"")
                        && l.contains("\"operation\":\"reserve\"")
                        && l.contains("\"result\":\"OK: held until ")),
        String.join("\n", lines));
  }

  static SetParameter setTimebase(double v) {
    SetParameter r = new SetParameter();
    r.setIm("lab/scope");
    r.setParameter("timebase");
    r.setValue(doubleValue(v));
    return r;
  }
}
