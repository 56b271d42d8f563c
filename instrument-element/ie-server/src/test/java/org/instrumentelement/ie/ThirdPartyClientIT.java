package org.instrumentelement.ie;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A third-party SOAP toolkit, Python zeep (Debian package python3-zeep, installed by .ci/run),
 * generates its client from the published WSDL and drives the main operations. Skipped where zeep
 * is not installed.
 */
class ThirdPartyClientIT {
  static final String PYTHON = "/usr/bin/python3";

  @Test
  void pythonZeepClientWorksFromTheWsdl() throws Exception {
    assumeTrue(Files.isExecutable(Path.of(PYTHON)), "no " + PYTHON);
    Process probe = new ProcessBuilder(PYTHON, "-c", "import zeep").start();
    assumeTrue(
        probe.waitFor(30, TimeUnit.SECONDS) && probe.exitValue() == 0,
        "python3-zeep not installed");
    try (RunningElement e = RunningElement.mockLab()) {
      Path output = Files.createTempFile("python-client", ".out");
      Process p =
          new ProcessBuilder(
                  PYTHON,
                  "src/test/python/zeep_client.py",
                  e.url(),
                  RunningElement.ADMIN,
                  RunningElement.ADMIN)
              .redirectErrorStream(true)
              .redirectOutput(output.toFile())
              .start();
      boolean done = p.waitFor(120, TimeUnit.SECONDS);
      String out = Files.readString(output, StandardCharsets.UTF_8);
      if (!done) {
        p.destroyForcibly();
      }
      assertEquals(0, done ? p.exitValue() : -1, out);
    }
  }
}
