package org.instrumentelement.ie.discovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.instrumentelement.ial.sim.InstrumentSimulator;
import org.instrumentelement.ie.RunningElement;
import org.instrumentelement.ie.client.soap.AddInstrumentManager;
import org.instrumentelement.ie.client.soap.AddInstrumentManagerResponse;
import org.instrumentelement.ie.client.soap.ConfigureAlarmLimits;
import org.instrumentelement.ie.client.soap.DiscoverInstruments;
import org.instrumentelement.ie.client.soap.DiscoveredInstrument;
import org.instrumentelement.ie.client.soap.GetAttribute;
import org.instrumentelement.ie.client.soap.GetSubscriptionInfo;
import org.instrumentelement.ie.client.soap.InstrumentElementFault;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.ListAlarmLimits;
import org.instrumentelement.ie.client.soap.ListAlarms;
import org.instrumentelement.ie.client.soap.ListInstrumentManagers;
import org.instrumentelement.ie.client.soap.RemoveInstrumentManager;
import org.instrumentelement.ie.client.soap.Setting;
import org.instrumentelement.ie.client.subscription.AttributeSubscriber;
import org.instrumentelement.ie.client.subscription.SampledValue;
import org.instrumentelement.ie.config.ConfigLoader;
import org.instrumentelement.ie.config.IeConfig;
import org.instrumentelement.ie.security.UsersFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An instrument found by {@code discoverInstruments} added at run time with {@code
 * addInstrumentManager}: read over SOAP and through its topic without a restart, still there after
 * a restart on the same data directory, gone after {@code removeInstrumentManager} and its restart;
 * only an admin of everything may add or remove, and a wrong request changes nothing; an added IM
 * gets its alarm limits, its alarms and its figures on {@code /metrics} at once, and loses them
 * when removed.
 */
class RunTimeImsIT {
  @TempDir static Path dir;
  static InstrumentSimulator simulator;
  static IeConfig config;

  @BeforeAll
  static void start() throws Exception {
    simulator =
        InstrumentSimulator.builder().models("dmm").portmapperBroadcast(true).build().start();
    Path users =
        UsersFile.write(
            dir.resolve("users.properties"), Map.of("chief", "admin:*", "op", "control:*"));
    // One data directory for every start of this test: the added IM is kept there.
    config =
        RunningElement.freePorts(
            ConfigLoader.load(
                List.of("--security.users=" + users, "--login.throttle=false"), Map.of()));
  }

  @AfterAll
  static void stop() {
    simulator.close();
  }

  static List<String> ims(InstrumentElementPort ie) throws Exception {
    return ie.listInstrumentManagers(new ListInstrumentManagers()).getInstrumentManager().stream()
        .map(i -> i.getPath())
        .toList();
  }

  static double reading(InstrumentElementPort ie, String im) throws Exception {
    GetAttribute r = new GetAttribute();
    r.setIm(im);
    r.setAttribute("reading");
    return ie.getAttribute(r).getValue().getDoubleValue();
  }

  /** The request that adds what discovery found, from its configuration lines. */
  static AddInstrumentManager fromDiscovery(DiscoveredInstrument found, String name) {
    AddInstrumentManager add = new AddInstrumentManager();
    add.setName(name);
    for (String line : found.getConfiguration()) {
      String[] kv = line.split(" = ", 2);
      String setting = kv[0].substring(kv[0].indexOf('.', 3) + 1); // after im.<name>.
      switch (setting) {
        case "type" -> add.setType(kv[1]);
        case "descriptor" -> add.setDescriptor(kv[1]);
        case "address" -> add.setAddress(kv[1]);
        default -> {
          Setting s = new Setting();
          s.setName(setting);
          s.setValue(kv[1]);
          add.getSetting().add(s);
        }
      }
    }
    return add;
  }

  @Test
  void aDiscoveredInstrumentIsAddedReadKeptAndRemoved() throws Exception {
    DiscoveredInstrument found;
    List<String> before;
    try (RunningElement running = RunningElement.of(config)) {
      InstrumentElementPort chief = running.client("chief", "chief");
      before = ims(chief);
      DiscoverInstruments q = new DiscoverInstruments();
      q.setTimeoutMillis(2_000L);
      q.getNetwork().add("127.0.0.1");
      q.setPortmapperPort(simulator.portmapperPort());
      q.setMdns(false);
      found =
          chief.discoverInstruments(q).getInstrument().stream()
              .filter(i -> simulator.device(0).identity().equals(i.getIdentity()))
              .findFirst()
              .orElseThrow();
      assertEquals(
          List.of("im.keysight-34461a.type = scpi", "im.keysight-34461a.descriptor = scpi-dmm"),
          found.getConfiguration().subList(0, 2));

      AddInstrumentManagerResponse added =
          chief.addInstrumentManager(fromDiscovery(found, "bench-dmm"));
      assertEquals("bench-dmm", added.getInstrumentManager().getPath());
      assertTrue(
          added.getConfiguration().contains("im.bench-dmm.descriptor = scpi-dmm"),
          added.getConfiguration().toString());
      assertTrue(ims(chief).contains("bench-dmm"));
      assertEquals(1.23456, reading(chief, "bench-dmm"), 1e-3);
      // Its topic, sampled at once: a subscriber gets readings without a restart.
      GetSubscriptionInfo info = new GetSubscriptionInfo();
      info.setIm("bench-dmm");
      info.setAttribute("reading");
      String url = chief.getSubscriptionInfo(info).getSubscription().getBrokerUrl();
      BlockingQueue<SampledValue> got = new LinkedBlockingQueue<>();
      try (AttributeSubscriber sub = AttributeSubscriber.connect(url, "chief", "chief")) {
        sub.subscribe(chief, "bench-dmm", "reading", got::add);
        SampledValue v = got.poll(60, TimeUnit.SECONDS);
        assertNotNull(v, "no reading published for bench-dmm");
        assertEquals("ie.ie.bench-dmm.reading", v.topic());
      }
      // Access rules name paths: op (control:*) reads it too.
      assertEquals(1.23456, reading(running.client("op", "op"), "bench-dmm"), 1e-3);
    }
    try (RunningElement running = RunningElement.of(config)) {
      InstrumentElementPort chief = running.client("chief", "chief");
      assertTrue(ims(chief).contains("bench-dmm"), "kept across the restart: " + ims(chief));
      assertEquals(1.23456, reading(chief, "bench-dmm"), 1e-3);
      RemoveInstrumentManager remove = new RemoveInstrumentManager();
      remove.setIm("bench-dmm");
      assertEquals(
          "NOT_AUTHORIZED", code(() -> running.client("op", "op").removeInstrumentManager(remove)));
      assertTrue(chief.removeInstrumentManager(remove).isRemoved());
      assertEquals(before, ims(chief));
      assertEquals("UNKNOWN_IM", code(() -> reading(chief, "bench-dmm")));
    }
    try (RunningElement running = RunningElement.of(config)) {
      assertEquals(before, ims(running.client("chief", "chief")), "still gone after a restart");
    }
  }

  @Test
  void onlyAnAdminOfEverythingAddsAndAWrongRequestChangesNothing() throws Exception {
    try (RunningElement running = RunningElement.of(config)) {
      InstrumentElementPort chief = running.client("chief", "chief");
      List<String> before = ims(chief);
      AddInstrumentManager add = new AddInstrumentManager();
      add.setName("dmm2");
      add.setDescriptor("scpi-dmm");
      add.setAddress(simulator.hislipResource(0));
      assertEquals(
          "NOT_AUTHORIZED", code(() -> running.client("op", "op").addInstrumentManager(add)));

      add.setName("lab/dmm2");
      assertEquals("INVALID_VALUE", code(() -> chief.addInstrumentManager(add)));
      add.setName("lab");
      assertEquals("INVALID_VALUE", code(() -> chief.addInstrumentManager(add)));
      add.setName("dmm2");
      add.setAddress("TCPIP::");
      assertEquals("INVALID_VALUE", code(() -> chief.addInstrumentManager(add)));
      add.setAddress("NOSUCH::1::INSTR");
      assertEquals("INVALID_VALUE", code(() -> chief.addInstrumentManager(add)));
      add.setAddress(simulator.hislipResource(0));
      add.setDescriptor("no-such-descriptor");
      assertEquals("INVALID_VALUE", code(() -> chief.addInstrumentManager(add)));
      add.setDescriptor("scpi-dmm");
      Setting typo = new Setting();
      typo.setName("paramm.points");
      typo.setValue("10");
      add.getSetting().add(typo);
      assertEquals("INVALID_VALUE", code(() -> chief.addInstrumentManager(add)));
      AddInstrumentManager network = new AddInstrumentManager();
      network.setName("nodes");
      network.setType("sensor-network");
      assertEquals("INVALID_VALUE", code(() -> chief.addInstrumentManager(network)));
      // Its topics would lie below the element's alarm topic, <prefix>.<ie>.alarms.
      AddInstrumentManager alarms = new AddInstrumentManager();
      alarms.setName("alarms");
      alarms.setDescriptor("scpi-dmm");
      alarms.setAddress(simulator.hislipResource(0));
      assertEquals("INVALID_VALUE", code(() -> chief.addInstrumentManager(alarms)));
      assertEquals(before, ims(chief), "nothing changed");

      // A well-formed address where nothing answers: added, in ERROR, as a configured IM would be.
      AddInstrumentManager ghost = new AddInstrumentManager();
      ghost.setName("ghost-dmm");
      ghost.setDescriptor("scpi-dmm");
      ghost.setAddress("TCPIP::127.0.0.1::1::SOCKET");
      assertEquals("ERROR", chief.addInstrumentManager(ghost).getInstrumentManager().getState());
      RemoveInstrumentManager removeGhost = new RemoveInstrumentManager();
      removeGhost.setIm("ghost-dmm");
      assertTrue(chief.removeInstrumentManager(removeGhost).isRemoved());
      assertEquals(before, ims(chief));

      RemoveInstrumentManager remove = new RemoveInstrumentManager();
      remove.setIm("lab/scope");
      assertEquals("INVALID_VALUE", code(() -> chief.removeInstrumentManager(remove)));
      remove.setIm("no-such-im");
      assertEquals("UNKNOWN_IM", code(() -> chief.removeInstrumentManager(remove)));
      assertEquals(before, ims(chief), "nothing changed");
    }
  }

  /** The alarms of one IM now, as {@code kind severity}. */
  static List<String> alarms(InstrumentElementPort ie, String im) throws Exception {
    return ie.listAlarms(new ListAlarms()).getAlarm().stream()
        .filter(a -> a.getIm().equals(im))
        .map(a -> a.getKind() + " " + a.getSeverity())
        .toList();
  }

  /** The limits in effect on one IM, as {@code attribute highWarning highAlarm}. */
  static List<String> limits(InstrumentElementPort ie, String im) throws Exception {
    return ie.listAlarmLimits(new ListAlarmLimits()).getLimits().stream()
        .filter(l -> l.getIm().equals(im))
        .map(l -> l.getAttribute() + " " + l.getHighWarning() + " " + l.getHighAlarm())
        .toList();
  }

  static String metrics(RunningElement running) throws Exception {
    String base = running.url().replace("/services/InstrumentElement", "");
    return HttpClient.newHttpClient()
        .send(
            HttpRequest.newBuilder(URI.create(base + "/metrics")).build(),
            HttpResponse.BodyHandlers.ofString())
        .body();
  }

  /** The value of the one figure {@code pattern} matches (a regular expression). */
  static double metric(String scrape, String pattern) {
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("(?m)^" + pattern + " ([0-9.eE+-]+)$").matcher(scrape);
    assertTrue(m.find(), "no figure " + pattern + " on /metrics");
    return Double.parseDouble(m.group(1));
  }

  /** Waits (up to a minute) until {@code what} holds. */
  static void await(String what, java.util.concurrent.Callable<Boolean> holds) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
    while (!holds.call()) {
      assertTrue(System.nanoTime() < deadline, "never: " + what);
      Thread.sleep(100);
    }
  }

  @Test
  void anAddedImHasItsAlarmsAndMetricsAtOnceAndLosesThemWhenRemoved() throws Exception {
    try (RunningElement running = RunningElement.of(config)) {
      InstrumentElementPort chief = running.client("chief", "chief");
      // Limits as the configuration file would set them: the DMM reads 1.23456.
      AddInstrumentManager add = new AddInstrumentManager();
      add.setName("limited-dmm");
      add.setDescriptor("scpi-dmm");
      add.setAddress(simulator.hislipResource(0));
      for (String[] kv :
          new String[][] {
            {"attribute.reading.alarm.highWarning", "1.0"},
            {"attribute.reading.alarm.highAlarm", "100"}
          }) {
        Setting limit = new Setting();
        limit.setName(kv[0]);
        limit.setValue(kv[1]);
        add.getSetting().add(limit);
      }
      chief.addInstrumentManager(add);
      assertEquals(List.of("reading 1.0 100.0"), limits(chief, "limited-dmm"));
      await(
          "a WARNING on limited-dmm's reading",
          () -> alarms(chief, "limited-dmm").contains("LIMIT WARNING"));
      // Its limits can be changed at run time as a configured IM's can.
      ConfigureAlarmLimits change = new ConfigureAlarmLimits();
      change.setIm("limited-dmm");
      change.setAttribute("reading");
      change.setHighWarning(2.0);
      change.setHighAlarm(100.0);
      chief.configureAlarmLimits(change);
      assertEquals(List.of("reading 2.0 100.0"), limits(chief, "limited-dmm"));
      await(
          "the WARNING cleared under the new limit", () -> alarms(chief, "limited-dmm").isEmpty());

      // An instrument that does not answer: in ERROR, and alarmed as such, at once.
      AddInstrumentManager ghost = new AddInstrumentManager();
      ghost.setName("ghost-dmm");
      ghost.setDescriptor("scpi-dmm");
      ghost.setAddress("TCPIP::127.0.0.1::1::SOCKET");
      chief.addInstrumentManager(ghost);
      assertTrue(
          alarms(chief, "ghost-dmm").contains("IM_ERROR ALARM"),
          alarms(chief, "ghost-dmm").toString());

      // On /metrics at once: its state, its connection and its topic's figures.
      String scrape = metrics(running);
      assertEquals(1.0, metric(scrape, "ie_im_connected\\{im=\"limited-dmm\"\\}"));
      assertEquals(1.0, metric(scrape, "ie_im_state\\{im=\"ghost-dmm\",state=\"ERROR\"\\}"));
      metric(scrape, "ie_subscription_published_total\\{[^}]*im=\"limited-dmm\"[^}]*\\}");

      RemoveInstrumentManager remove = new RemoveInstrumentManager();
      for (String im : List.of("limited-dmm", "ghost-dmm")) {
        remove.setIm(im);
        assertTrue(chief.removeInstrumentManager(remove).isRemoved());
        assertEquals(List.of(), limits(chief, im), im + "'s limits are gone");
        assertEquals(List.of(), alarms(chief, im), im + "'s alarms cleared");
      }
      scrape = metrics(running);
      assertFalse(scrape.contains("im=\"limited-dmm\""), "limited-dmm is off /metrics");
      assertFalse(scrape.contains("im=\"ghost-dmm\""), "ghost-dmm is off /metrics");

      // Added again without limits, it has none: what was set at run time went with it.
      add.getSetting().clear();
      chief.addInstrumentManager(add);
      assertEquals(List.of(), limits(chief, "limited-dmm"));
      assertEquals(1.0, metric(metrics(running), "ie_im_connected\\{im=\"limited-dmm\"\\}"));
      remove.setIm("limited-dmm");
      assertTrue(chief.removeInstrumentManager(remove).isRemoved());
    }
  }

  interface Action {
    Object run() throws Exception;
  }

  /** The fault code an action fails with; its message is in the IE's words. */
  static String code(Action action) {
    try {
      action.run();
    } catch (InstrumentElementFault f) {
      String message = f.getFaultInfo().getMessage();
      assertFalse(message.contains("Exception") || message.contains("java."), message);
      return f.getFaultInfo().getCode();
    } catch (Exception e) {
      return e.toString();
    }
    return "OK";
  }
}
