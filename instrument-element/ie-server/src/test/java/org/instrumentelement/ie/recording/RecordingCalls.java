package org.instrumentelement.ie.recording;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.instrumentelement.ie.RunningElement;
import org.instrumentelement.ie.client.soap.DescribeRecording;
import org.instrumentelement.ie.client.soap.GetSubscriptionInfo;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.RecordedAttribute;
import org.instrumentelement.ie.client.soap.RecordingInfo;
import org.instrumentelement.ie.client.soap.StartRecording;
import org.instrumentelement.ie.client.soap.StopRecording;
import org.instrumentelement.ie.client.soap.SubscriptionInfo;

/** Recording operations as the tests call them, over SOAP and HTTP, and the Python reader. */
public final class RecordingCalls {
  static final String PYTHON = "/usr/bin/python3";

  private RecordingCalls() {}

  public static RecordedAttribute item(String im, String attribute) {
    RecordedAttribute a = new RecordedAttribute();
    a.setIm(im);
    a.setAttribute(attribute);
    return a;
  }

  public static RecordingInfo start(
      InstrumentElementPort ie, String note, RecordedAttribute... items) throws Exception {
    StartRecording s = new StartRecording();
    s.getItem().addAll(List.of(items));
    s.setNote(note);
    return ie.startRecording(s).getRecording();
  }

  public static RecordingInfo stop(InstrumentElementPort ie, String id) throws Exception {
    StopRecording s = new StopRecording();
    s.setRecording(id);
    return ie.stopRecording(s).getRecording();
  }

  public static RecordingInfo describe(InstrumentElementPort ie, String id) throws Exception {
    DescribeRecording d = new DescribeRecording();
    d.setRecording(id);
    return ie.describeRecording(d).getRecording();
  }

  /** Polls describeRecording until {@code until} holds, for at most {@code within}. */
  public static RecordingInfo await(
      InstrumentElementPort ie, String id, Predicate<RecordingInfo> until, Duration within)
      throws Exception {
    long deadline = System.nanoTime() + within.toNanos();
    while (true) {
      RecordingInfo r = describe(ie, id);
      if (until.test(r)) {
        return r;
      }
      if (System.nanoTime() > deadline) {
        throw new AssertionError(
            "recording "
                + id
                + " did not get there in "
                + within
                + ": "
                + r.getSamples()
                + " samples, "
                + r.getSegment().size()
                + " segments");
      }
      Thread.sleep(100); // polling the condition
    }
  }

  /** A GET with HTTP Basic credentials (user = password, the development users). */
  public static HttpResponse<byte[]> get(String url, String user, String range) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(60));
    if (user != null) {
      b.header(
          "Authorization",
          "Basic "
              + Base64.getEncoder()
                  .encodeToString((user + ":" + user).getBytes(StandardCharsets.UTF_8)));
    }
    if (range != null) {
      b.header("Range", range);
    }
    return HttpClient.newHttpClient().send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
  }

  /** Whether Debian's python3-h5py can be run here. */
  public static boolean h5pyInstalled() throws Exception {
    if (!Files.isExecutable(Path.of(PYTHON))) {
      return false;
    }
    Process probe = new ProcessBuilder(PYTHON, "-c", "import h5py").start();
    return probe.waitFor(60, TimeUnit.SECONDS) && probe.exitValue() == 0;
  }

  /** Runs src/test/python/read_recording.py; returns its output, failing on a non-zero exit. */
  public static String readWithH5py(Path dir, String id, String startedBy, String... more)
      throws Exception {
    List<String> args = new java.util.ArrayList<>(List.of(dir.toString(), id, startedBy));
    args.addAll(List.of(more));
    return runPython("src/test/python/read_recording.py", args.toArray(String[]::new));
  }

  /**
   * Runs a Python script of src/test/python that checks a recording with h5py; returns its output,
   * failing on a non-zero exit.
   */
  public static String runPython(String script, String... args) throws Exception {
    List<String> command = new java.util.ArrayList<>(List.of(PYTHON, script));
    command.addAll(List.of(args));
    Path output = Files.createTempFile("read-recording", ".out");
    Process p =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(output.toFile())
            .start();
    boolean done = p.waitFor(120, TimeUnit.SECONDS);
    String out = Files.readString(output, StandardCharsets.UTF_8);
    if (!done) {
      p.destroyForcibly();
    }
    if (!done || p.exitValue() != 0) {
      throw new AssertionError("h5py could not read the recording as documented:\n" + out);
    }
    return out;
  }

  /**
   * {@link #readWithH5py} of a complete recording of the mock array IM ({@code MOCK::array::2500})
   * in {@code dir}: every sample {@code r} took is in the files, none missing.
   */
  public static String readArrayRecordingWithH5py(Path dir, RecordingInfo r, String startedBy)
      throws Exception {
    return readWithH5py(
        dir,
        r.getRecording(),
        startedBy,
        "--samples",
        Long.toString(r.getSamples()),
        "--im-type",
        "array",
        "--address",
        "MOCK::array::2500",
        "--units",
        "");
  }

  /**
   * Runs src/test/python/replay_check.py: a stomp.py subscriber (the development admin) to {@code
   * im}'s {@code attribute} must receive {@code vectors} vectors bit for bit, in the order h5py
   * reads them from the recording in {@code recording}. Returns its output, failing on a non-zero
   * exit.
   */
  public static String checkReplayOverStomp(
      InstrumentElementPort ie, String im, String attribute, Path recording, int vectors)
      throws Exception {
    GetSubscriptionInfo q = new GetSubscriptionInfo();
    q.setIm(im);
    q.setAttribute(attribute);
    SubscriptionInfo info = ie.getSubscriptionInfo(q).getSubscription();
    Path output = Files.createTempFile("replay-check", ".out");
    Process p =
        new ProcessBuilder(
                PYTHON,
                "src/test/python/replay_check.py",
                "localhost",
                info.getStompUrl().replaceAll(".*:", ""),
                info.getStompDestination(),
                RunningElement.ADMIN,
                RunningElement.ADMIN,
                recording.toString(),
                Integer.toString(vectors))
            .redirectErrorStream(true)
            .redirectOutput(output.toFile())
            .start();
    boolean done = p.waitFor(180, TimeUnit.SECONDS);
    String out = Files.readString(output, StandardCharsets.UTF_8);
    if (!done) {
      p.destroyForcibly();
    }
    assertEquals(0, done ? p.exitValue() : -1, out);
    return out;
  }
}
