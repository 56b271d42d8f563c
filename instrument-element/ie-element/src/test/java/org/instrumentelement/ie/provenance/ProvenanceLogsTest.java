package org.instrumentelement.ie.provenance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.instrumentelement.ial.ResourceManager;
import org.instrumentelement.ial.mock.MockSessionProvider;
import org.instrumentelement.ie.config.ImConfig;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.im.ImContext;
import org.instrumentelement.im.InstrumentManager;
import org.instrumentelement.im.managers.ArrayDeviceManager;
import org.instrumentelement.im.model.ImException;
import org.instrumentelement.im.model.Value;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The provenance log of a real IM on a mock instrument: revisions, who changed what from what, the
 * values of an earlier revision, the bound on the log, and links that move the revision.
 */
class ProvenanceLogsTest {
  private final ResourceManager rm = new ResourceManager().register(new MockSessionProvider());
  private final InstrumentManager im = new ArrayDeviceManager();
  private final ProvenanceLogs logs = new ProvenanceLogs("ie", () -> "tester", Clock.systemUTC());

  @BeforeEach
  void open() throws Exception {
    ImConfig config =
        new ImConfig(
            "array",
            "",
            "array",
            "MOCK::array",
            "an array",
            true,
            false,
            Duration.ofSeconds(2),
            Map.of("length", "100"),
            Map.of(),
            Map.of());
    logs.follow("lab/array", im, config);
    im.open(
        new ImContext(
            "lab/array",
            "MOCK::array",
            rm,
            Map.of("length", "100"),
            Duration.ofSeconds(2),
            true,
            false,
            List::of));
    logs.opened("lab/array");
  }

  @AfterEach
  void close() {
    im.close();
    rm.close();
  }

  private void setLength(long n) throws ImException {
    im.setParameter("length", Value.ofInteger(n, Instant.now()));
  }

  @Test
  void aSetIsLoggedUnderTheRevisionItMakesAndCanBeUndone() throws Exception {
    ProvenanceRecord start = logs.record("lab/array", null);
    assertEquals(im.provenanceRevision(), start.current());
    assertTrue(start.current() >= 2, "the configuration (1) and the link");
    assertEquals("100", start.parameters().get("length"));
    assertEquals(List.of(), start.changes());
    assertEquals("array", start.mockModel());
    assertTrue(!start.identity().isEmpty(), "the mock answers *IDN?");
    assertEquals(start.current(), start.identityRevision());

    setLength(200);
    ProvenanceRecord now = logs.record("lab/array", 0L);
    assertEquals(start.current() + 1, now.current());
    ProvenanceChange c = now.changes().get(0);
    assertEquals(
        List.of(now.current(), "tester", "SET", "length", "100", "200"),
        List.of(c.revision(), c.user(), c.source(), c.parameter(), c.oldValue(), c.newValue()));
    assertEquals("200", now.parameters().get("length"));
    ProvenanceRecord before = logs.record("lab/array", start.current());
    assertEquals("100", before.parameters().get("length"));
    assertEquals(List.of(), before.changes());
  }

  @Test
  void aLinkMovesTheRevisionWithoutAChange() throws Exception {
    long before = im.provenanceRevision();
    im.executeCommand("reset", Map.of());
    ProvenanceRecord r = logs.record("lab/array", null);
    assertTrue(r.current() > before, "a new link, a new revision");
    assertEquals(List.of(), r.changes());
    assertEquals(r.current(), r.identityRevision(), "the identity read again");
  }

  @Test
  void theLogIsBoundedAndForgottenRevisionsAreRefused() throws Exception {
    long first = im.provenanceRevision();
    int sets = ProvenanceLog.KEPT_CHANGES + 5;
    for (int i = 1; i <= sets; i++) {
      setLength(i);
    }
    ProvenanceRecord r = logs.record("lab/array", null);
    assertEquals(ProvenanceLog.KEPT_CHANGES, r.changes().size());
    assertEquals(5, r.changesForgotten());
    assertEquals(String.valueOf(sets), r.parameters().get("length"));
    assertEquals(
        String.valueOf(sets - 1),
        logs.record("lab/array", r.current() - 1).parameters().get("length"));
    ImException old = assertThrows(ImException.class, () -> logs.record("lab/array", first));
    assertEquals(FaultCode.OUT_OF_RANGE, old.code());
    ImException ahead =
        assertThrows(ImException.class, () -> logs.record("lab/array", r.current() + 1));
    assertEquals(FaultCode.OUT_OF_RANGE, ahead.code());
    ImException unknown = assertThrows(ImException.class, () -> logs.record("lab/none", null));
    assertEquals(FaultCode.UNKNOWN_IM, unknown.code());
  }
}
