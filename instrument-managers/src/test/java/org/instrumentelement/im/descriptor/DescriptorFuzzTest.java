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
   * turns both into an INVALID_VALUE fault naming the descriptor.
   */
  @FuzzTest
  @DictionaryFile(resourcePath = "descriptor.dict")
  void descriptor(byte[] input) throws IOException {
    Files.write(file, input);
    try {
      Properties p = InstrumentDescriptor.read(file.toString());
      DescriptorParser.parse("fuzz", p, ImModel.builder("scpi"));
    } catch (IOException | ImException e) {
      // refused, with a reason
    }
  }
}
