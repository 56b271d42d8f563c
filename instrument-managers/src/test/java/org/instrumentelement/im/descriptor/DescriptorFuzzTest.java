package org.instrumentelement.im.descriptor;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.instrumentelement.im.model.ImException;
import org.instrumentelement.im.model.ImModel;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** Fuzzes the reader of SCPI instrument descriptors (files an operator writes). */
class DescriptorFuzzTest {
  private static Path file;

  @BeforeAll
  static void file() throws IOException {
    file = Files.createTempFile("descriptor-fuzz", ".properties");
  }

  @AfterAll
  static void delete() throws IOException {
    Files.deleteIfExists(file);
  }

  /**
   * Invariant: a descriptor file with any bytes is read ({@link InstrumentDescriptor#read}) and
   * checked ({@link DescriptorParser#parse}) with nothing but an {@link IOException} (the file) or
   * an {@link ImException} (a key that is wrong) coming out: {@code DescriptorInstrumentManager}
   * turns both into an INVALID_VALUE fault naming the descriptor. And a descriptor it accepts
   * works: its waveform, if it describes one, is read ({@link WaveformReader#read}) from an
   * instrument that answers a plain preamble and block, ending in a waveform or an {@code
   * InstrumentException}, not a hang (the fuzzer's per-input timeout) or another exception.
   */
  @FuzzTest
  @DictionaryFile(resourcePath = "descriptor.dict")
  void descriptor(byte[] input) throws IOException {
    Files.write(file, input);
    try {
      Properties p = InstrumentDescriptor.read(file.toString());
      InstrumentDescriptor d = DescriptorParser.parse("fuzz", p, ImModel.builder("scpi"));
      if (d.waveform() != null) {
        WaveformReader.read(
            InstrumentReplyFuzzTest.answering(PREAMBLE, BLOCK),
            d.waveform(),
            name -> "1",
            parameter -> "BYTE",
            true);
      }
    } catch (IOException | ImException e) {
      // refused, with a reason (an InstrumentException is an IOException)
    }
  }

  /** A preamble with a number in each of the fields a descriptor may name, each separator. */
  private static final String PREAMBLE = "1,2,3,4,5,6,7,8,9,10;11;12;13;14;15;16;17;18;19;20";

  private static final byte[] BLOCK = new byte[16];
}
