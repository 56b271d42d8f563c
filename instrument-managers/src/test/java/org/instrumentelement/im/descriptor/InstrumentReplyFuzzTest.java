package org.instrumentelement.im.descriptor;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.instrumentelement.ial.InstrumentException;
import org.instrumentelement.ial.InstrumentSession;
import org.instrumentelement.ial.ResourceName;
import org.instrumentelement.im.model.AttributeSpec;
import org.instrumentelement.im.model.ImException;
import org.instrumentelement.im.model.ImModel;
import org.junit.jupiter.api.BeforeAll;

/** Fuzzes what a described SCPI instrument answers: query replies, preambles, waveform blocks. */
class InstrumentReplyFuzzTest {
  private static final List<InstrumentDescriptor> PROFILES = new ArrayList<>();

  @BeforeAll
  static void profiles() throws Exception {
    for (String name : InstrumentDescriptor.BUNDLED) {
      PROFILES.add(
          DescriptorParser.parse(name, InstrumentDescriptor.read(name), ImModel.builder("scpi")));
    }
  }

  /**
   * Invariant: for every bundled profile, whatever an instrument answers to an attribute's query
   * ({@link ReplyConverter#convert}) and to the waveform's preamble and data queries ({@link
   * WaveformReader#read}), the reading ends in a value or an {@link InstrumentException} (the
   * instrument does not speak as described), nothing else.
   *
   * <p>Input (Jazzer's {@link FuzzedDataProvider}): the profile, the attribute, its reply, the
   * preamble reply, the block's bytes, and the text of a parameter that chooses a format.
   */
  @FuzzTest
  void replies(FuzzedDataProvider data) throws Exception {
    if (PROFILES.isEmpty()) {
      profiles(); // fuzzing runs the target without the JUnit lifecycle
    }
    InstrumentDescriptor d = PROFILES.get(data.consumeInt(0, PROFILES.size() - 1));
    List<AttributeSpec> attributes = d.model().attributes();
    AttributeSpec a = attributes.get(data.consumeInt(0, attributes.size() - 1));
    Bindings.Attribute binding = d.attributes().get(a.name());
    String reply = data.consumeString(200);
    try {
      ReplyConverter.convert(
          reply, a.spec(), binding == null ? Map.of() : binding.tokens(), "a query");
    } catch (InstrumentException e) {
      // the instrument's fault, reported as such
    }
    if (d.waveform() == null) {
      return;
    }
    String preamble = data.consumeString(300);
    String parameter = data.consumeString(20);
    boolean keepCodes = data.consumeBoolean();
    byte[] block = data.consumeRemainingAsBytes();
    InstrumentSession session = answering(preamble, block);
    try {
      WaveformReader.read(session, d.waveform(), name -> "1", p -> parameter, true, keepCodes);
    } catch (InstrumentException e) {
      // the instrument's fault, reported as such
    } catch (ImException e) {
      throw new AssertionError("a client error for an instrument's reply", e);
    }
  }

  /** A session that answers every query with {@code text}, every block query with {@code block}. */
  static InstrumentSession answering(String text, byte[] block) {
    return new Answering(text, block);
  }

  /**
   * An instrument that answers every query with {@code text} and every block query with {@code
   * block}.
   */
  private static final class Answering implements InstrumentSession {
    private final String text;
    private final byte[] block;

    Answering(String text, byte[] block) {
      this.text = text;
      this.block = block;
    }

    @Override
    public ResourceName resource() {
      try {
        return ResourceName.parse("MOCK::fuzz");
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    }

    @Override
    public void write(String message) {}

    @Override
    public String read() {
      return text;
    }

    @Override
    public byte[] readBinaryBlock() {
      return block;
    }

    @Override
    public void clear() {}

    @Override
    public void lock(Duration wait) {}

    @Override
    public void unlock() {}

    @Override
    public Duration timeout() {
      return Duration.ofSeconds(1);
    }

    @Override
    public void setTimeout(Duration timeout) {}

    @Override
    public void close() {}
  }
}
