package org.instrumentelement.ie.state;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.Map;
import java.util.zip.CRC32;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** Fuzzes the reader of the run-time state file that the IE restores at start. */
class StateFileFuzzTest {
  private static final Instant T = Instant.parse("2026-11-23T10:15:00Z");
  private static Path dir;

  @BeforeAll
  static void dir() throws IOException {
    dir = Files.createTempDirectory("state-fuzz");
  }

  @AfterAll
  static void delete() throws IOException {
    Files.deleteIfExists(dir.resolve(StateFile.NAME));
    Files.deleteIfExists(dir);
  }

  /**
   * Invariant: a state file of any bytes is read ({@link StateFile#read}) and decoded ({@link
   * StateFormat#decode}) with nothing but an {@link IOException} or a {@link CorruptStateException}
   * (the IE then sets the file aside and starts from its configuration); and a state it decodes,
   * encoded again ({@link StateFormat#encode}), decodes to a state that encodes to the same
   * entries.
   *
   * <p>Input: byte 0 bit 0 set appends the checksum line the file's content needs (so that the
   * fuzzer reaches the decoder, which a file written by the IE always does); the rest is the file.
   */
  @FuzzTest
  @DictionaryFile(resourcePath = "state.dict")
  void stateFile(byte[] input) throws Exception {
    if (input.length < 1) {
      return;
    }
    byte[] file = Arrays.copyOfRange(input, 1, input.length);
    if ((input[0] & 1) != 0) {
      CRC32 crc = new CRC32();
      crc.update(file);
      byte[] line =
          String.format("checksum = crc32:%08x\n", crc.getValue())
              .getBytes(StandardCharsets.US_ASCII);
      byte[] withSum = Arrays.copyOf(file, file.length + line.length);
      System.arraycopy(line, 0, withSum, file.length, line.length);
      file = withSum;
    }
    Files.write(dir.resolve(StateFile.NAME), file);
    StoredState state;
    try {
      state = StateFormat.decode(new StateFile(dir).read());
    } catch (IOException | CorruptStateException e) {
      return; // set aside; the IE starts from its configuration
    }
    Map<String, String> once = StateFormat.encode(state, T);
    Map<String, String> twice = StateFormat.encode(StateFormat.decode(once), T);
    if (!once.equals(twice)) {
      throw new AssertionError("state did not round-trip:\n" + once + "\n" + twice);
    }
  }
}
