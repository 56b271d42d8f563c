package org.instrumentelement.ie.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AuditLogTest {

  @Test
  void aRecordIsOneBoundedLineOfJsonWhateverTheCallerSent(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("audit.log");
    String name = "x".repeat(100_000);
    try (AuditLog log = new AuditLog(file)) {
      log.record(
          Instant.EPOCH, "alice", "10.0.0.7", "stopRecording", null, name, "UNKNOWN_RECORDING");
      log.record(
          Instant.EPOCH, "bob", "10.0.0.8", "setParameter", "lab/scope", "a\u2028b\u0085c", "OK");
    }
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    assertEquals(2, lines.size());
    assertTrue(lines.get(0).length() < 1300, "bounded: " + lines.get(0).length());
    JsonNode first = new ObjectMapper().readTree(lines.get(0));
    assertEquals(
        "x".repeat(AuditLog.MAX_FIELD) + "... (100000 characters)", first.get("details").asText());
    assertEquals(
        "a\u2028b\u0085c", new ObjectMapper().readTree(lines.get(1)).get("details").asText());
    assertTrue(lines.get(1).contains("\\u2028") && lines.get(1).contains("\\u0085"), lines.get(1));
  }
}
