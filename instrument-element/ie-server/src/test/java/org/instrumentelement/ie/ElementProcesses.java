package org.instrumentelement.ie;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.instrumentelement.ie.client.InstrumentElementClient;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.measure.IeProcess;

/**
 * Starts this module's IE from its runnable jar ({@code target/instrument-element.jar}, or the
 * system property {@code ie.jar}) as a process of its own, through ie-measure's {@link IeProcess}
 * as the measurements do, keeping its run-time state in a given directory: what a restart test
 * needs to kill it as a power cut would.
 */
final class ElementProcesses {
  private ElementProcesses() {}

  /**
   * An IE on free ports (STOMP, MQTT, the audit file and the portal off: {@link IeProcess}), with
   * {@code data.dir = dataDir} and these further options, ready to serve; its output in {@code
   * log}.
   */
  static IeProcess start(Path dataDir, Path log, List<String> options) throws IOException {
    List<String> all = new ArrayList<>();
    all.add("--data.dir=" + dataDir);
    all.addAll(options);
    return IeProcess.launch(Path.of(System.getProperty("ie.jar", "target/instrument-element.jar")))
        .options(all)
        .log(log)
        .readyWithin(Duration.ofSeconds(120))
        .start();
  }

  /** A SOAP port signed in as {@code user} (password = name: the development users). */
  static InstrumentElementPort client(IeProcess ie, String user) {
    return InstrumentElementClient.connect(ie.serviceUrl(), user, user);
  }
}
