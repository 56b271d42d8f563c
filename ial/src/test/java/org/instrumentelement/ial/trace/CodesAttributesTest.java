package org.instrumentelement.ial.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CodesAttributesTest {

  @Test
  void byteCodesAreDescribedInCfNamesWithTheSpecialCodesAsBytes() {
    ScaledCodes c =
        ScaledCodes.of(ScaledCodes.Width.INT8, new byte[] {1, 2}, 0.02, 1.5)
            .withSpecialCodes(-128, -127, 127);
    Map<String, Object> a = CodesAttributes.of(c);
    assertEquals(
        List.of("scale_factor", "add_offset", "_FillValue", "clipLowCode", "clipHighCode"),
        List.copyOf(a.keySet()));
    assertEquals(0.02, a.get("scale_factor"));
    assertEquals(1.5, a.get("add_offset"));
    assertEquals((byte) -128, a.get("_FillValue"));
    assertEquals((byte) -127, a.get("clipLowCode"));
    assertEquals((byte) 127, a.get("clipHighCode"));
  }

  @Test
  void wordCodesGiveShortsAndACodeTheInstrumentLacksIsLeftOut() {
    ScaledCodes c =
        ScaledCodes.ofInt16(new short[] {1, 2}, 0.25, -0.1).withSpecialCodes(-32768, null, null);
    assertEquals(Map.of("_FillValue", (short) -32768), CodesAttributes.specialCodes(c));
    assertEquals(
        Map.of("scale_factor", 0.25, "add_offset", -0.1, "_FillValue", (short) -32768),
        CodesAttributes.of(c));
  }
}
