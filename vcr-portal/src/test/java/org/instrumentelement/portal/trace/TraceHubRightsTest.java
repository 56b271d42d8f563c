package org.instrumentelement.portal.trace;

import static org.instrumentelement.portal.trace.TraceTesting.await;
import static org.instrumentelement.portal.trace.TraceTesting.waveform;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.portal.auth.Credentials;
import org.instrumentelement.portal.ie.PortalError;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Who gets a trace's frames, without sockets or an IE: the hub's decisions on each answer about a
 * viewer's right (a grant, a refusal, a busy or absent IE, an ended session), at the first watch
 * and at every recheck. The answers are scripted per user; how the portal reads them from a real
 * IE's HTTP is {@code PortalFailsClosedIT}'s.
 */
class TraceHubRightsTest {
  private static final TraceFeed.Key KEY = new TraceFeed.Key("ie", "lab/scope", "waveform");
  private static final ObjectMapper JSON = new ObjectMapper();

  /** The IE's answer per user: null grants. */
  private final Map<String, PortalError> answers = new ConcurrentHashMap<>();

  private final TraceHub hub =
      new TraceHub(
          TraceTesting.noElements(),
          (who, key) -> {
            if (who == null) {
              throw new PortalError(PortalError.SIGN_IN, "signed out", null, 401);
            }
            PortalError no = answers.get(who.user());
            if (no != null) {
              throw no;
            }
          },
          2000,
          100,
          Duration.ofMillis(200),
          Duration.ofSeconds(30));

  private long seq;

  /** A page as its browser reads what its socket got: notices of a refusal, and trace frames. */
  private record Page(MemorySocket socket) {
    Page() {
      this(MemorySocket.taking());
    }

    List<JsonNode> notices() {
      return messages().stream().filter(n -> n.has("refused")).toList();
    }

    /** How many trace frames it got. */
    int frames() {
      return traceFrames().size();
    }

    /** The seq of the newest trace frame it got; -1 before any. */
    long lastSeq() {
      List<JsonNode> frames = traceFrames();
      return frames.isEmpty() ? -1 : frames.get(frames.size() - 1).get("seq").asLong();
    }

    private List<JsonNode> traceFrames() {
      return messages().stream().filter(n -> !n.has("refused") && n.has("y")).toList();
    }

    private List<JsonNode> messages() {
      List<JsonNode> messages = new ArrayList<>();
      for (Frame frame : socket.sent()) {
        try {
          messages.add(JSON.readTree(frame.text()));
        } catch (IOException e) {
          throw new AssertionError(e);
        }
      }
      return messages;
    }
  }

  @AfterEach
  void close() {
    hub.close();
  }

  private Viewer viewer(Page page, AtomicReference<Credentials> who) {
    return hub.connect(page.socket(), who::get);
  }

  private static AtomicReference<Credentials> user(String name) {
    return new AtomicReference<>(new Credentials(name, name, "127.0.0.1"));
  }

  @Test
  void aViewerTheIeDoesNotConfirmGetsNothingWhateverTheReason() throws Exception {
    hub.start();
    Page granted = new Page();
    hub.watchAs(viewer(granted, user("scopes")), KEY);
    Map<String, PortalError> refusals =
        Map.of(
            "busy",
            new PortalError(FaultCode.TOO_MANY_REQUESTS.name(), "busy", null, 429),
            "full",
            new PortalError(FaultCode.SERVER_BUSY.name(), "busy", null, 503),
            "away",
            PortalError.unreachable("ie", "no answer within 2 s"),
            "odd",
            PortalError.ofStatus("ie", "odd", 418),
            "arrays",
            new PortalError(FaultCode.NOT_AUTHORIZED.name(), "may not observe", null, 400));
    Map<String, Page> pages = new ConcurrentHashMap<>();
    refusals.forEach(
        (name, no) -> {
          answers.put(name, no);
          Page p = new Page();
          pages.put(name, p);
          hub.watchAs(viewer(p, user(name)), KEY);
        });
    TraceFeed feed = awaitFeed();
    long last = publish(feed, 60);
    await(() -> granted.lastSeq() == last, "the confirmed viewer shows value " + last);
    // Rechecks have run meanwhile (every 200 ms): still nothing for the others.
    await(() -> pages.values().stream().allMatch(p -> !p.notices().isEmpty()), "all told why");
    refusals.forEach(
        (name, no) -> {
          Page p = pages.get(name);
          assertEquals(0, p.frames(), name + " got frames");
          JsonNode notice = p.notices().get(0);
          assertEquals(no.code(), notice.get("refused").asText(), notice.toString());
          assertTrue(notice.get("status").asText().startsWith(no.code()), notice.toString());
          assertEquals(no.passing(), notice.get("retry").asBoolean(), notice.toString());
        });
    assertEquals(1, feed.viewers.size(), "only the confirmed viewer is served");
  }

  @Test
  void aViewerWhoseRightIsWithdrawnStopsAndIsToldWhy() throws Exception {
    hub.start();
    Page page = new Page();
    hub.watchAs(viewer(page, user("scopes")), KEY);
    TraceFeed feed = awaitFeed();
    long before = publish(feed, 20);
    await(() -> page.lastSeq() == before, "frames while granted");
    answers.put(
        "scopes", new PortalError(FaultCode.NOT_AUTHORIZED.name(), "may not observe", null, 400));
    await(() -> !page.notices().isEmpty(), "told at the next recheck");
    int framesThen = page.frames();
    publish(feed, 60);
    TimeUnit.MILLISECONDS.sleep(500); // rechecks and fan-outs would have run
    assertEquals(framesThen, page.frames(), "no frame after the right was withdrawn");
    JsonNode notice = page.notices().get(0);
    assertEquals("NOT_AUTHORIZED", notice.get("refused").asText());
    assertFalse(notice.get("held").asBoolean(), notice.toString());
    assertEquals(null, hub.feed(KEY), "nobody watches it any more: the feed is closed");
  }

  @Test
  void aViewerWhoseRightCannotBeConfirmedIsHeldThenServedAgain() throws Exception {
    hub.start();
    Page page = new Page();
    hub.watchAs(viewer(page, user("scopes")), KEY);
    TraceFeed feed = awaitFeed();
    long before = publish(feed, 20);
    await(() -> page.lastSeq() == before, "frames while confirmed");
    answers.put("scopes", new PortalError(FaultCode.SERVER_BUSY.name(), "busy", null, 503));
    await(() -> !page.notices().isEmpty(), "told at the next recheck");
    int framesThen = page.frames();
    publish(feed, 60);
    TimeUnit.MILLISECONDS.sleep(500);
    assertEquals(framesThen, page.frames(), "no frame while the IE could not confirm");
    JsonNode notice = page.notices().get(0);
    assertEquals("SERVER_BUSY", notice.get("refused").asText());
    assertTrue(notice.get("held").asBoolean(), notice.toString());
    assertEquals(1, feed.suspended.size(), "held with the feed");
    answers.remove("scopes");
    long after = publish(feed, 120);
    await(() -> page.lastSeq() == after, "served again once confirmed");
  }

  @Test
  void aViewerWhoseSessionEndedStops() throws Exception {
    hub.start();
    Page page = new Page();
    AtomicReference<Credentials> who = user("scopes");
    hub.watchAs(viewer(page, who), KEY);
    TraceFeed feed = awaitFeed();
    long before = publish(feed, 20);
    await(() -> page.lastSeq() == before, "frames while signed in");
    who.set(null); // signed out
    await(() -> !page.notices().isEmpty(), "told at the next recheck");
    int framesThen = page.frames();
    publish(feed, 60);
    TimeUnit.MILLISECONDS.sleep(500);
    assertEquals(framesThen, page.frames());
    assertEquals(PortalError.SIGN_IN, page.notices().get(0).get("refused").asText());
  }

  @Test
  void aRefusedWatchStopsAViewerThatWatchedAlready() throws Exception {
    hub.start();
    Page page = new Page();
    Viewer v = viewer(page, user("scopes"));
    hub.watchAs(v, KEY);
    TraceFeed feed = awaitFeed();
    long before = publish(feed, 20);
    await(() -> page.lastSeq() == before, "frames while confirmed");
    answers.put("scopes", new PortalError(FaultCode.TOO_MANY_REQUESTS.name(), "busy", null, 429));
    hub.watchAs(v, KEY); // the page asks again (a new width): refused this time
    await(() -> !page.notices().isEmpty(), "told");
    int framesThen = page.frames();
    publish(feed, 60);
    TimeUnit.MILLISECONDS.sleep(300);
    assertEquals(framesThen, page.frames());
  }

  private TraceFeed awaitFeed() throws InterruptedException {
    await(() -> hub.feed(KEY) != null, "the feed exists");
    return hub.feed(KEY);
  }

  /** Values up to seq {@code upTo}, 5 ms apart, as a subscription would deliver them. */
  private long publish(TraceFeed feed, long upTo) throws InterruptedException {
    while (seq < upTo) {
      seq++;
      feed.onValue(waveform(1, seq, 100));
      TimeUnit.MILLISECONDS.sleep(5); // pacing the publisher, not synchronisation
    }
    return seq;
  }
}
