package org.instrumentelement.ie.recording;

import static org.instrumentelement.ie.recording.RecordingCalls.item;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import org.instrumentelement.ie.RunningElement;
import org.instrumentelement.ie.client.soap.DeleteRecording;
import org.instrumentelement.ie.client.soap.DownloadRecording;
import org.instrumentelement.ie.client.soap.InstrumentElementFault;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.ListRecordings;
import org.instrumentelement.ie.client.soap.RecordingInfo;
import org.instrumentelement.ie.client.soap.StartRecording;
import org.instrumentelement.ie.security.UsersFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Who may see a recording is decided from its index, and every way that decision can go wrong
 * denies: a recording whose index names no IM is nobody's (not everybody's), and an index that
 * names another recording than its directory (copied or edited by hand) is unreadable, so that the
 * rights checked and the files served are always those of one recording. Over SOAP and HTTP, as a
 * user who may control one IM (the array) and may not observe the scope.
 */
class RecordingAccessIT {
  @TempDir static Path dir;
  static RunningElement running;
  static InstrumentElementPort boss;
  static InstrumentElementPort arrays;
  static Path recordings;
  static String scopeRecording;
  static String base;

  @BeforeAll
  static void start() throws Exception {
    Path users = dir.resolve("users.properties");
    Files.writeString(
        users,
        UsersFile.entry("boss", "grants", "admin:*")
            + UsersFile.entry("arrays", "grants", "control:lab/array2500"));
    running = RunningElement.mockLab("--security.users=" + users);
    boss = running.client("boss", "boss");
    arrays = running.client("arrays", "arrays");
    recordings = running.runtime.recordings().directory();
    base = running.url().substring(0, running.url().indexOf("/services/")) + "/";
    // A complete recording of the scope, which arrays may not see.
    StartRecording s = new StartRecording();
    s.getItem().add(item("lab/scope", "waveform"));
    s.setMaxSamples(1L);
    scopeRecording = boss.startRecording(s).getRecording().getRecording();
    RecordingCalls.await(
        boss,
        scopeRecording,
        r -> r.getState().equals("COMPLETE") && !r.getSegment().isEmpty(),
        Duration.ofSeconds(60));

    // Beside it, two directories as a hand (or a restore of a backup) may leave them.
    Properties index = index(recordings.resolve(scopeRecording));
    Properties forged = (Properties) index.clone();
    forged.setProperty("items", "lab/array2500#vector"); // arrays' IM, and still the scope's id
    write(Files.createDirectory(recordings.resolve("forged")), forged);
    Properties orphan = (Properties) index.clone();
    orphan.setProperty("id", "orphan");
    orphan.setProperty("items", "");
    Path o = write(Files.createDirectory(recordings.resolve("orphan")), orphan);
    try (var segments = Files.list(recordings.resolve(scopeRecording))) {
      for (Path f : segments.filter(f -> f.toString().endsWith(".h5")).toList()) {
        Files.copy(f, o.resolve(f.getFileName()));
      }
    }
  }

  @AfterAll
  static void stop() {
    running.close();
  }

  static Properties index(Path recording) throws Exception {
    Properties p = new Properties();
    try (Reader r =
        Files.newBufferedReader(
            recording.resolve("recording.properties"), StandardCharsets.UTF_8)) {
      p.load(r);
    }
    return p;
  }

  static Path write(Path recording, Properties index) throws Exception {
    try (Writer w =
        Files.newBufferedWriter(
            recording.resolve("recording.properties"), StandardCharsets.UTF_8)) {
      index.store(w, null);
    }
    return recording;
  }

  static String code(Executable call) {
    return assertThrows(InstrumentElementFault.class, call::run).getFaultInfo().getCode();
  }

  interface Executable {
    void run() throws Exception;
  }

  @Test
  void aRecordingThatNamesNoImOrAnotherRecordingIsShownToNobody() throws Exception {
    List<String> listed =
        arrays.listRecordings(new ListRecordings()).getRecording().stream()
            .map(RecordingInfo::getRecording)
            .toList();
    assertFalse(listed.contains("orphan"), listed.toString());
    assertFalse(listed.contains("forged"), listed.toString());
    assertFalse(listed.contains(scopeRecording), listed.toString());
    for (String id : List.of("orphan", "forged", scopeRecording)) {
      assertEquals(
          "UNKNOWN_RECORDING", code(() -> RecordingCalls.describe(arrays, id)), "describe " + id);
      DownloadRecording d = new DownloadRecording();
      d.setRecording(id);
      d.setSegment("segment-000001.h5");
      assertEquals("UNKNOWN_RECORDING", code(() -> arrays.downloadRecording(d)), "download " + id);
      assertEquals(
          404,
          RecordingCalls.get(base + "recordings/" + id + "/segment-000001.h5", "arrays", null)
              .statusCode(),
          "HTTP download of " + id);
      assertEquals(
          404,
          RecordingCalls.get(base + "recordings/" + id + ".zip", "arrays", null).statusCode(),
          "HTTP zip of " + id);
    }
    DeleteRecording delete = new DeleteRecording();
    delete.setRecording("orphan");
    assertEquals("UNKNOWN_RECORDING", code(() -> arrays.deleteRecording(delete)));
    assertTrue(Files.isDirectory(recordings.resolve("orphan")), "not deleted");
    // Not even an administrator of the whole element: the IE did not write them.
    List<String> all =
        boss.listRecordings(new ListRecordings()).getRecording().stream()
            .map(RecordingInfo::getRecording)
            .toList();
    assertEquals(List.of(scopeRecording), all);
    assertEquals(
        200,
        RecordingCalls.get(base + "recordings/" + scopeRecording + ".zip", "boss", null)
            .statusCode(),
        "the real recording is served to whom may see it");
  }
}
