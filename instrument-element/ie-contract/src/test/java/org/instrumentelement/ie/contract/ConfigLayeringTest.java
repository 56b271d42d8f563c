package org.instrumentelement.ie.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The layers' precedence and naming, which the IE's and the portal's configurations share. */
class ConfigLayeringTest {

  @Test
  void theHighestLayerThatNamesAKeyWinsTrimmed() {
    Map<String, String> defaults = Map.of("http.port", "8080", "a", "1", "b", "2", "c", "3");
    Map<String, String> file = Map.of("b", " file ", "c", "file", "extra", "x");
    Map<String, String> env = Map.of("IE_C", "env", "IE_HTTP_PORT", "9090", "IE_UNNAMED", "e");
    Map<String, String> options = Map.of("a", "option ");
    Map<String, String> merged = ConfigLayering.merge(options, env, file, defaults);
    assertEquals(
        Map.of("a", "option", "b", "file", "c", "env", "http.port", "9090", "extra", "x"), merged);
  }

  @Test
  void anEnvironmentVariableIsTheKeyUpperCasedWithUnderscores() {
    assertEquals("IE_HTTP_PORT", ConfigLayering.envName("http.port"));
    assertEquals("IE_PORTAL_IE_LAB_2_URL", ConfigLayering.envName("portal.ie.lab-2.url"));
  }

  @Test
  void aFileIsReadAsUtf8Properties(@TempDir Path dir) throws IOException {
    Path f = dir.resolve("ie.properties");
    Files.writeString(
        f,
        "# a lab\nim.dmm.description = Labor für Strom\nhttp.port=8081\n",
        StandardCharsets.UTF_8);
    assertEquals(
        Map.of("im.dmm.description", "Labor für Strom", "http.port", "8081"),
        ConfigLayering.readFile(f));
    assertThrows(IOException.class, () -> ConfigLayering.readFile(dir.resolve("missing")));
  }
}
