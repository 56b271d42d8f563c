package org.instrumentelement.ie;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.instrumentelement.ie.client.soap.ConfigureSampling;
import org.instrumentelement.ie.client.soap.GetHistory;
import org.instrumentelement.ie.client.soap.HistoryGap;
import org.instrumentelement.ie.client.soap.HistoryInfo;
import org.instrumentelement.ie.client.soap.HistorySample;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.history.JournalOnDisk;
import org.instrumentelement.ie.measure.IeProcess;
import org.junit.jupiter.api.Test;

/**
 * A real IE as a process of its own, killed with SIGKILL while it archives the scope's peak-to-peak
 * at 20/s, once its journal on disk holds the samples a client has seen: started again on the same
 * data directory, it serves every one of them, and says that it was down in between.
 */
class HistoryKillIT {

  @Test
  void whatWasFlushedBeforeAKillIsServedAfterIt() throws Exception {
    Path dir = RunningElement.newDataDir();
    Path logs = Path.of("target", "history-kill");
    List<String> options = List.of("--history.flushInterval=1s");
    Instant start = Instant.now().minusSeconds(60);
    List<HistorySample> seen;
    Instant killed;
    try (IeProcess first = ElementProcesses.start(dir, logs.resolve("first.log"), options)) {
      InstrumentElementPort admin = ElementProcesses.client(first, "admin");
      ConfigureSampling c = new ConfigureSampling();
      c.setIm("lab/scope");
      c.setAttribute("peakToPeak");
      c.setSamplingPeriodMillis(50L);
      admin.configureSampling(c);
      long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
      do {
        Thread.sleep(500);
        seen = raw(admin, start, Instant.now());
      } while (seen.size() < 60 && System.nanoTime() < deadline);
      assertTrue(seen.size() >= 60, "archived before the kill: " + seen.size());
      // Killed once the journal on disk holds everything seen: a flush has come since, however
      // late a busy machine runs the flush thread.
      Set<Long> seenSequences =
          seen.stream().map(HistorySample::getSequence).collect(Collectors.toSet());
      Path history = dir.resolve("history");
      Set<Long> journaled;
      deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
      do {
        Thread.sleep(200); // a bounded poll of a file: nothing tells us it was written
        journaled = JournalOnDisk.sequences(history, "lab/scope", "peakToPeak");
      } while (!journaled.containsAll(seenSequences) && System.nanoTime() < deadline);
      assertTrue(
          journaled.containsAll(seenSequences),
          "the journal holds every sample seen before the kill");
      killed = Instant.now();
      first.kill();
    }
    try (IeProcess second = ElementProcesses.start(dir, logs.resolve("second.log"), options)) {
      InstrumentElementPort admin = ElementProcesses.client(second, "admin");
      GetHistory r = request(start, Instant.now());
      HistoryInfo h = admin.getHistory(r).getHistory();
      // By time and sequence: the restored sampling numbers its samples from 1 again.
      Set<String> after =
          h.getSample().stream().map(HistoryKillIT::key).collect(Collectors.toSet());
      List<String> lost = new ArrayList<>();
      for (HistorySample s : seen) {
        if (!after.contains(key(s))) {
          lost.add(key(s));
        }
      }
      assertEquals(List.of(), lost, "samples archived before the kill, missing after it");
      List<HistoryGap> down =
          h.getGap().stream().filter(g -> g.getReason().equals("IE_DOWN")).toList();
      assertEquals(1, down.size(), "one IE_DOWN gap: " + h.getGap().size() + " gaps");
      Instant from = HistoryIT.instant(down.get(0).getFrom());
      Instant lastSeen = HistoryIT.instant(seen.get(seen.size() - 1).getTime());
      assertTrue(!from.isBefore(lastSeen), "the gap starts after the last flushed sample");
      assertTrue(from.isBefore(killed.plusSeconds(1)), "the gap starts by the kill: " + from);
    }
  }

  static String key(HistorySample s) {
    return s.getSequence() + "@" + HistoryIT.instant(s.getTime());
  }

  static GetHistory request(Instant from, Instant to) throws Exception {
    GetHistory r = new GetHistory();
    r.setIm("lab/scope");
    r.setAttribute("peakToPeak");
    r.setFrom(HistoryIT.xml(from));
    r.setTo(HistoryIT.xml(to));
    return r;
  }

  static List<HistorySample> raw(InstrumentElementPort ie, Instant from, Instant to)
      throws Exception {
    return ie.getHistory(request(from, to)).getHistory().getSample();
  }
}
