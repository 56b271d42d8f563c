package org.instrumentelement.ie;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.instrumentelement.ie.client.soap.AlarmInfo;
import org.instrumentelement.ie.client.soap.ConfigureSampling;
import org.instrumentelement.ie.client.soap.GetAttribute;
import org.instrumentelement.ie.client.soap.GetHistory;
import org.instrumentelement.ie.client.soap.HistoryGap;
import org.instrumentelement.ie.client.soap.HistoryInfo;
import org.instrumentelement.ie.client.soap.InstrumentElementFault;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.ListAlarms;
import org.instrumentelement.ie.config.ConfigLoader;
import org.junit.jupiter.api.Test;

/**
 * The archive on a disk that fills up (a 4 MB tmpfs, so root is needed to mount it; skipped
 * otherwise): archiving stops with an ARCHIVE alarm on the IM while polling goes on; once space is
 * freed it resumes by itself, the alarm clears, and the history shows an ARCHIVE_STOPPED gap that
 * has ended.
 */
class HistoryDiskFullIT {
  static final Duration WAIT = Duration.ofSeconds(90);

  @Test
  void aFullDiskStopsArchivingWithAnAlarmAndFreeSpaceResumesIt() throws Exception {
    Path mount = Files.createTempDirectory(Files.createDirectories(Path.of("target")), "full");
    assumeTrue(mount(mount), "mounting a tmpfs needs root");
    try {
      run(mount.toAbsolutePath());
    } finally {
      new ProcessBuilder("umount", "-l", mount.toAbsolutePath().toString()).start().waitFor();
    }
  }

  private static void run(Path data) throws Exception {
    try (RunningElement running =
        RunningElement.of(
            RunningElement.freePorts(
                    ConfigLoader.load(List.of("--history.flushInterval=200ms"), Map.of()))
                .with("data.dir", data.toString()))) {
      InstrumentElementPort admin = running.client();
      ConfigureSampling c = new ConfigureSampling();
      c.setIm("lab/scope");
      c.setAttribute("peakToPeak");
      c.setSamplingPeriodMillis(20L);
      admin.configureSampling(c);
      Conditions.eventually(WAIT, () -> history(admin).getSample().size() >= 10, "archived");

      Path fill = data.resolve("fill");
      fill(fill);
      Conditions.eventually(WAIT, () -> archiveAlarm(admin) != null, "the ARCHIVE alarm");
      AlarmInfo alarm = archiveAlarm(admin);
      assertEquals("lab/scope#history", alarm.getId());
      assertEquals("ALARM", alarm.getSeverity());
      assertTrue(alarm.getMessage().startsWith("archiving stopped"), alarm.getMessage());
      GetAttribute g = new GetAttribute();
      g.setIm("lab/scope");
      g.setAttribute("peakToPeak");
      assertNotNull(admin.getAttribute(g).getValue().getDoubleValue(), "polling goes on");

      Files.delete(fill);
      Instant freed = Instant.now();
      Conditions.eventually(WAIT, () -> archiveAlarm(admin) == null, "the alarm cleared");
      Conditions.eventually(
          WAIT,
          () ->
              history(admin).getSample().stream()
                  .anyMatch(s -> HistoryIT.instant(s.getTime()).isAfter(freed)),
          "samples archived again");
      List<HistoryGap> stopped =
          history(admin).getGap().stream()
              .filter(x -> x.getReason().equals("ARCHIVE_STOPPED"))
              .toList();
      assertEquals(1, stopped.size(), "one ARCHIVE_STOPPED gap");
      assertNotNull(stopped.get(0).getTo(), "the gap has ended");
    }
  }

  static HistoryInfo history(InstrumentElementPort ie) {
    try {
      GetHistory r = new GetHistory();
      r.setIm("lab/scope");
      r.setAttribute("peakToPeak");
      r.setFrom(HistoryIT.xml(Instant.now().minusSeconds(600)));
      r.setTo(HistoryIT.xml(Instant.now()));
      return ie.getHistory(r).getHistory();
    } catch (Exception e) {
      throw new AssertionError("getHistory failed", e);
    }
  }

  /**
   * The scope's ARCHIVE alarm, or null (the alarm is raised on every IM whose series the archive
   * keeps: the arrays' too, for the statistics of their vectors).
   */
  static AlarmInfo archiveAlarm(InstrumentElementPort ie) {
    try {
      return ie.listAlarms(new ListAlarms()).getAlarm().stream()
          .filter(a -> a.getKind().equals("ARCHIVE") && a.getIm().equals("lab/scope"))
          .findFirst()
          .orElse(null);
    } catch (InstrumentElementFault e) {
      throw new AssertionError("listAlarms failed", e);
    }
  }

  /** Writes zeros to {@code file} until the disk is full. */
  static void fill(Path file) throws IOException {
    byte[] block = new byte[64 * 1024];
    try (OutputStream out = Files.newOutputStream(file)) {
      while (true) {
        out.write(block);
      }
    } catch (IOException full) {
      // no space left: what the test wants
    }
  }

  static boolean mount(Path at) {
    try {
      Process p =
          new ProcessBuilder(
                  "mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", at.toAbsolutePath().toString())
              .redirectErrorStream(true)
              .start();
      return p.waitFor() == 0;
    } catch (IOException | InterruptedException e) {
      return false;
    }
  }
}
