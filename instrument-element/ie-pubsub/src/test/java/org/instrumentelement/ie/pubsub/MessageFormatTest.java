package org.instrumentelement.ie.pubsub;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import org.instrumentelement.ie.contract.BodyType;
import org.instrumentelement.ie.contract.ValueCodec;
import org.instrumentelement.im.model.Value;
import org.instrumentelement.im.model.ValueType;
import org.junit.jupiter.api.Test;

/** Every IM value has a body type of the contract, and the body the contract decodes. */
class MessageFormatTest {
  private static final Instant T = Instant.parse("2026-11-23T18:00:00Z");

  @Test
  void everyValueTypeIsABodyTypeOfTheContract() {
    for (ValueType t : ValueType.values()) {
      assertEquals(t.name(), BodyType.valueOf(t.name()).name());
    }
    assertEquals(BodyType.DOUBLE_ARRAY, MessageFormat.bodyType(Value.ofDoubles(new double[3], T)));
  }

  @Test
  void theBodyIsWhatTheContractDecodes() {
    double[] d = {1.5, -2, 3e-9};
    assertArrayEquals(d, ValueCodec.decodeDoubles(MessageFormat.body(Value.ofDoubles(d, T))));
    assertEquals(3, MessageFormat.length(Value.ofDoubles(d, T)));
    assertEquals(0.25, ValueCodec.decodeDouble(MessageFormat.body(Value.ofDouble(0.25, T))));
    assertEquals(-7, ValueCodec.decodeLong(MessageFormat.body(Value.ofInteger(-7, T))));
    assertEquals(true, ValueCodec.decodeBoolean(MessageFormat.body(Value.ofBoolean(true, T))));
    assertEquals("AC", ValueCodec.decodeText(MessageFormat.body(Value.ofEnum("AC", T))));
    assertEquals(1, MessageFormat.length(Value.ofString("x", T)));
  }
}
