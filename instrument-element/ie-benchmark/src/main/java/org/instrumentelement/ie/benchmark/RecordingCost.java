package org.instrumentelement.ie.benchmark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.instrumentelement.ie.client.InstrumentElementClient;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.RecordingInfo;
import org.instrumentelement.ie.measure.IeProcess;
import org.instrumentelement.ie.measure.Machine;
import org.instrumentelement.ie.measure.MockLaboratory;

/**
 * What recording costs the IE (docs/recording.md, "Figures"): the 2,500-double vector of {@value
 * SamplingControl#IM} sampled every millisecond (1,000 samples/s); the IE process's CPU per vector
 * while it only publishes them, then while it publishes and records the same samples
 * (startRecording through SOAP, as any client); their difference per recorded vector, the bytes on
 * disk per vector (raw: 20,000) and the samples the recording dropped, from stopRecording's answer.
 */
record RecordingCost(BenchmarkOptions options) implements Measurement {
  static final int PERIOD_MILLIS = 1;

  /**
   * The stage's IE: access control off, the mock lab silent, recordings in a directory of its own.
   */
  static List<String> ieOptions(Path dataDir) {
    List<String> opts = new ArrayList<>(List.of("--security.enabled=false"));
    opts.addAll(MockLaboratory.SAMPLING_OFF);
    opts.add("--data.dir=" + dataDir);
    return opts;
  }

  /** A directory for the stage's recordings, removed by {@link #removeDirectory}. */
  static Path newDataDirectory() throws IOException {
    return Files.createTempDirectory("ie-benchmark-recording");
  }

  static void removeDirectory(Path dir) throws IOException {
    try (Stream<Path> all = Files.walk(dir)) {
      for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }

  @Override
  public void run(IeProcess ie, Results results) throws Exception {
    SamplingControl sampling = SamplingControl.connect(ie);
    InstrumentElementPort soap = InstrumentElementClient.connect(ie.serviceUrl());
    String load = Machine.describe().loadAverages();
    long measureMillis = options.measure().toMillis() * options.reps();
    Progress.log(
        String.format(
            Locale.ROOT,
            "recording: %d samples/s of %s %s, publishing alone then publishing and recording,"
                + " %d s each (load average %s)",
            1000 / PERIOD_MILLIS,
            SamplingControl.IM,
            SamplingControl.ATTRIBUTE,
            measureMillis / 1000,
            load));
    sampling.period(PERIOD_MILLIS);
    try {
      Thread.sleep(options.warmup().toMillis());
      Phase publishing = Phase.measure(ie, sampling, measureMillis);

      String id =
          BenchmarkRecording.start(
              soap, SamplingControl.IM, SamplingControl.ATTRIBUTE, "ie-benchmark");
      Thread.sleep(Math.min(5000, options.warmup().toMillis())); // the writer's JIT warm-up
      Phase recording = Phase.measure(ie, sampling, measureMillis);
      RecordingInfo done = BenchmarkRecording.stopAndDelete(soap, id);

      double recordingAlone =
          (recording.cpuSeconds() / recording.seconds()
                  - publishing.cpuSeconds() / publishing.seconds())
              / Math.max(1e-9, recording.vectors() / recording.seconds())
              * 1e6;
      Results.Recording r =
          new Results.Recording(
              1000 / PERIOD_MILLIS,
              2500,
              publishing.vectors() / publishing.seconds(),
              publishing.microsPerVector(),
              recording.vectors() / recording.seconds(),
              recording.microsPerVector(),
              recordingAlone,
              done.getSamples(),
              done.getDropped(),
              done.getSamples() == 0 ? Double.NaN : (double) done.getBytes() / done.getSamples(),
              load);
      results.recording = r;
      Progress.log(
          String.format(
              Locale.ROOT,
              "recording: publishing %.0f vectors/s at %.1f us IE CPU per vector; publishing and"
                  + " recording %.0f vectors/s at %.1f us; recording alone %.1f us per recorded"
                  + " vector; %d recorded, %d dropped, %.1f bytes on disk per vector (raw 20000)",
              r.publishingVectorsPerSecond(),
              r.ieCpuMicrosPerVectorPublishing(),
              r.recordingVectorsPerSecond(),
              r.ieCpuMicrosPerVectorPublishingAndRecording(),
              r.ieCpuMicrosPerRecordedVector(),
              r.vectorsRecorded(),
              r.vectorsDropped(),
              r.bytesOnDiskPerVector()));
    } finally {
      sampling.period(0);
    }
  }

  /** The IE's CPU and the vectors it published over a measured time. */
  private record Phase(double cpuSeconds, long vectors, double seconds) {
    static Phase measure(IeProcess ie, SamplingControl sampling, long millis) throws Exception {
      double cpu0 = ie.cpu().seconds();
      long n0 = sampling.info().getPublished();
      long t0 = System.nanoTime();
      Thread.sleep(millis);
      double cpu1 = ie.cpu().seconds();
      long n1 = sampling.info().getPublished();
      long t1 = System.nanoTime();
      return new Phase(cpu1 - cpu0, n1 - n0, (t1 - t0) / 1e9);
    }

    double microsPerVector() {
      return vectors == 0 ? Double.NaN : cpuSeconds / vectors * 1e6;
    }
  }
}
