package org.instrumentelement.ie.provenance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.instrumentelement.ie.RunningElement;
import org.instrumentelement.ie.client.soap.GetAttribute;
import org.instrumentelement.ie.client.soap.GetAttributes;
import org.instrumentelement.ie.client.soap.GetParameter;
import org.instrumentelement.ie.client.soap.GetProvenance;
import org.instrumentelement.ie.client.soap.GetSubscriptionInfo;
import org.instrumentelement.ie.client.soap.InstrumentElementFault;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.ParameterChangeInfo;
import org.instrumentelement.ie.client.soap.ParameterValue;
import org.instrumentelement.ie.client.soap.ProvenanceInfo;
import org.instrumentelement.ie.client.soap.SetParameter;
import org.instrumentelement.ie.client.soap.Value;
import org.instrumentelement.ie.client.subscription.AttributeSubscriber;
import org.instrumentelement.ie.client.subscription.SampledValue;
import org.instrumentelement.ie.client.subscription.SubscriptionListener;
import org.instrumentelement.ie.security.UsersFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A parameter set through SOAP moves the IM's provenance revision; the next published message (to a
 * real subscriber over the broker) and the next poll carry the new revision, and getProvenance says
 * what changed (who, old and new value) and what the values were before, to an observer and to
 * nobody without the right.
 */
class ProvenanceIT {
  static final Duration WAIT = Duration.ofSeconds(30);

  @TempDir static Path dir;
  static RunningElement running;

  @BeforeAll
  static void start() throws Exception {
    Path users =
        UsersFile.write(
            dir.resolve("users.properties"),
            Map.of("chief", "admin:*", "watcher", "observe:*", "arrays", "observe:lab/array2500"));
    running = RunningElement.mockLab("--security.users=" + users, "--login.throttle=false");
  }

  @AfterAll
  static void stop() {
    if (running != null) {
      running.close();
    }
  }

  static ProvenanceInfo provenance(InstrumentElementPort ie, String im, Long revision)
      throws InstrumentElementFault {
    GetProvenance r = new GetProvenance();
    r.setIm(im);
    r.setRevision(revision);
    return ie.getProvenance(r).getProvenance();
  }

  static String parameter(ProvenanceInfo p, String name) {
    for (ParameterValue v : p.getParameter()) {
      if (v.getName().equals(name)) {
        return v.getValue();
      }
    }
    throw new AssertionError(name + " not in the record: " + p.getParameter());
  }

  static long polled(InstrumentElementPort ie, String im, String attribute)
      throws InstrumentElementFault {
    GetAttribute g = new GetAttribute();
    g.setIm(im);
    g.setAttribute(attribute);
    Long r = ie.getAttribute(g).getValue().getProvenance();
    assertNotNull(r, "a polled value carries its provenance revision");
    return r;
  }

  @Test
  void aParameterSetMovesTheRevisionThatMessagesAndPollsCarry() throws Exception {
    InstrumentElementPort chief = running.client("chief", "chief");
    InstrumentElementPort watcher = running.client("watcher", "watcher");
    String brokerUrl;
    {
      GetSubscriptionInfo q = new GetSubscriptionInfo();
      q.setIm("lab/scope");
      q.setAttribute("waveform");
      brokerUrl = chief.getSubscriptionInfo(q).getSubscription().getBrokerUrl();
    }
    List<SampledValue> received = new ArrayList<>();
    try (AttributeSubscriber sub = AttributeSubscriber.connect(brokerUrl, "chief", "chief")) {
      sub.subscribe(
          chief,
          "lab/scope",
          "waveform",
          new SubscriptionListener() {
            @Override
            public void onValue(SampledValue v) {
              synchronized (received) {
                received.add(v);
                received.notifyAll();
              }
            }
          });
      long before = polled(chief, "lab/scope", "waveform");
      ProvenanceInfo start = provenance(watcher, "lab/scope", null);
      assertEquals(before, start.getCurrentRevision());
      awaitMessage(received, before);

      GetParameter get = new GetParameter();
      get.setIm("lab/scope");
      get.setParameter("timebase");
      double old = chief.getParameter(get).getValue().getDoubleValue();
      double next = old == 0.002 ? 0.005 : 0.002;
      SetParameter set = new SetParameter();
      set.setIm("lab/scope");
      set.setParameter("timebase");
      Value v = new Value();
      v.setDoubleValue(next);
      set.setValue(v);
      chief.setParameter(set);

      ProvenanceInfo now = provenance(watcher, "lab/scope", null);
      long after = now.getCurrentRevision();
      assertEquals(before + 1, after, "one change, one revision");
      assertEquals(after, now.getRevision());
      ParameterChangeInfo last = now.getChange().get(now.getChange().size() - 1);
      assertEquals(after, last.getRevision());
      assertEquals("chief", last.getUser());
      assertEquals("SET", last.getSource());
      assertEquals("timebase", last.getParameter());
      assertEquals(Double.parseDouble(last.getOldValue()), old);
      assertEquals(Double.parseDouble(last.getNewValue()), next);
      assertEquals(next, Double.parseDouble(parameter(now, "timebase")));
      assertNotNull(last.getTime());

      ProvenanceInfo then = provenance(watcher, "lab/scope", before);
      assertEquals(before, then.getRevision());
      assertEquals(after, then.getCurrentRevision());
      assertEquals(old, Double.parseDouble(parameter(then, "timebase")), "the value undone");
      assertTrue(then.getChange().stream().allMatch(c -> c.getRevision() <= before));

      assertEquals(after, polled(chief, "lab/scope", "waveform"), "getAttribute");
      GetAttributes several = new GetAttributes();
      several.setIm("lab/scope");
      several.getAttribute().add("peakToPeak");
      several.getAttribute().add("waveform");
      for (Value polled : chief.getAttributes(several).getValue()) {
        assertEquals(Long.valueOf(after), polled.getProvenance(), "getAttributes");
      }
      SampledValue message = awaitMessage(received, after);
      assertEquals("lab/scope", message.im());
      synchronized (received) {
        assertTrue(
            received.stream().allMatch(m -> m.provenance() <= after),
            "no message ahead of the IM's revision");
      }
    }
  }

  /** The first message that carries {@code revision}, waited for with a deadline. */
  private static SampledValue awaitMessage(List<SampledValue> received, long revision)
      throws InterruptedException {
    long deadline = System.nanoTime() + WAIT.toNanos();
    synchronized (received) {
      while (true) {
        for (SampledValue m : received) {
          if (m.provenance() == revision) {
            return m;
          }
        }
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          throw new AssertionError("no message with ieProvenance " + revision + " in " + WAIT);
        }
        received.wait(Math.max(1, left / 1_000_000));
      }
    }
  }

  @Test
  void theRecordNamesTheElementTheImAndItsInstrument() throws Exception {
    ProvenanceInfo p = provenance(running.client("watcher", "watcher"), "lab/scope", null);
    assertEquals(running.ie.name(), p.getElement());
    assertFalse(p.getVersion().isEmpty());
    assertEquals("lab/scope", p.getIm());
    assertEquals("oscilloscope", p.getMockModel());
    assertTrue(p.getAddress().startsWith("MOCK::"), p.getAddress());
    assertNotNull(p.getIdentity(), "the mock scope answers its identity query");
    assertEquals(p.getCurrentRevision(), p.getIdentityRevision());
    assertNull(p.getDescriptor());
    assertFalse(p.getParameter().isEmpty());
  }

  @Test
  void onlyObserversMayReadItAndBadRequestsGetDocumentedFaults() throws Exception {
    assertEquals(
        "NOT_AUTHORIZED",
        code(() -> provenance(running.client("arrays", "arrays"), "lab/scope", null)));
    assertEquals(
        "OK", code(() -> provenance(running.client("arrays", "arrays"), "lab/array2500", null)));
    InstrumentElementPort chief = running.client("chief", "chief");
    assertEquals("UNKNOWN_IM", code(() -> provenance(chief, "lab/nothing", null)));
    long current = provenance(chief, "lab/scope", null).getCurrentRevision();
    assertEquals("OUT_OF_RANGE", code(() -> provenance(chief, "lab/scope", current + 10)));
    assertEquals("OUT_OF_RANGE", code(() -> provenance(chief, "lab/scope", -1L)));
    try {
      provenance(running.client("stranger", "guess"), "lab/scope", null);
      throw new AssertionError("an unknown user was answered");
    } catch (InstrumentElementFault f) {
      assertEquals("NOT_AUTHENTICATED", f.getFaultInfo().getCode());
    } catch (RuntimeException e) {
      assertTrue(
          org.instrumentelement.ie.client.InstrumentElementClient.unauthorized(e), e.toString());
    }
  }

  interface Call {
    void run() throws Exception;
  }

  static String code(Call call) {
    try {
      call.run();
      return "OK";
    } catch (InstrumentElementFault f) {
      return f.getFaultInfo().getCode();
    } catch (Exception e) {
      return e.toString();
    }
  }
}
