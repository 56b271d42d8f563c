package org.instrumentelement.ie.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher's own behaviour. Starting a real IE is covered where the IE's jar is built first:
 * the JMeter plans' smoke test and the benchmark start every IE through this class, and ie-server's
 * restart tests (KillRestartIT kills one with {@link IeProcess#kill}).
 */
class IeProcessTest {

  @Test
  void theCallersOptionsComeAfterTheBaseOnesSoThatTheyWin() throws Exception {
    List<String> cmd =
        IeProcess.launch(Path.of("ie.jar"))
            .javaOptions(List.of("-Xmx1g"))
            .options(List.of("--data.dir=/tmp/state", "--security.enabled=false"))
            .command();
    assertTrue(cmd.get(0).endsWith("java"), cmd.get(0));
    assertEquals(List.of("-Xmx1g", "-jar", "ie.jar"), cmd.subList(1, 4));
    assertEquals(IeProcess.BASE_OPTIONS, cmd.subList(4, 4 + IeProcess.BASE_OPTIONS.size()));
    assertTrue(cmd.indexOf("--data.dir=/tmp/state") > cmd.indexOf("--data.dir=off"));
    assertTrue(IeProcess.BASE_OPTIONS.contains("--http.port=0"));
    assertTrue(IeProcess.BASE_OPTIONS.contains("--broker.port=0"));
  }

  @Test
  void webApplicationsAlongsideGoOnTheClassPathWithTheJarsMainClass(@TempDir Path dir)
      throws Exception {
    Path jar = dir.resolve("instrument-element.jar");
    Manifest m = new Manifest();
    m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    m.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "org.example.Main");
    new JarOutputStream(Files.newOutputStream(jar), m).close();
    List<String> cmd =
        IeProcess.launch(jar).alongside(List.of("portal.jar", "portal/lib/*")).command();
    int cp = cmd.indexOf("-cp");
    assertTrue(cp > 0, cmd.toString());
    assertEquals(
        String.join(File.pathSeparator, jar.toString(), "portal.jar", "portal/lib/*"),
        cmd.get(cp + 1));
    assertEquals("org.example.Main", cmd.get(cp + 2));
    assertFalse(cmd.contains("-jar"));
  }

  @Test
  void aMissingJarIsNamed(@TempDir Path dir) {
    Path jar = dir.resolve("instrument-element.jar");
    IOException e = assertThrows(IOException.class, () -> IeProcess.launch(jar).start());
    assertEquals(
        "no Instrument Element jar at " + jar + " (mvn package builds it)", e.getMessage());
  }

  @Test
  void aProcessThatExitsBeforeServingIsReportedWithItsLog(@TempDir Path dir) throws Exception {
    Path jar = Files.writeString(dir.resolve("broken.jar"), "not a jar");
    Path log = dir.resolve("logs").resolve("ie.log");
    IOException e =
        assertThrows(
            IOException.class,
            () -> IeProcess.launch(jar).log(log).readyWithin(Duration.ofSeconds(60)).start());
    assertTrue(
        e.getMessage().startsWith("the Instrument Element exited before serving; its log " + log),
        e.getMessage());
    assertTrue(e.getMessage().contains(jar.getFileName().toString()), e.getMessage());
    assertTrue(Files.readString(log).contains("broken.jar"));
  }
}
