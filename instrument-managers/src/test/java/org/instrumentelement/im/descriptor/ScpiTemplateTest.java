package org.instrumentelement.im.descriptor;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ScpiTemplateTest {

  @Test
  void placeholdersAreReplacedByFormattedValues() throws Exception {
    ScpiTemplate t = ScpiTemplate.compile(":CHANnel{channel}:SCALe {value}");
    assertEquals(Set.of("channel", "value"), t.names());
    Map<String, String> v = Map.of("channel", "2", "value", "0.5");
    assertEquals(":CHANnel2:SCALe 0.5", t.render(v::get));
    assertEquals(
        "HOR:RECO 1000;:DATa:STOP 1000",
        ScpiTemplate.compile("HOR:RECO {value};:DATa:STOP {value}").render(n -> "1000"));
  }

  @Test
  void malformedTemplatesAreRefused() {
    for (String bad :
        new String[] {"VOLT {value", "VOLT value}", "VOLT {1x}", "VOLT {}", "READ?\n*RST"}) {
      assertThrows(IllegalArgumentException.class, () -> ScpiTemplate.compile(bad), bad);
    }
  }

  @Test
  void theTextAroundTheValueIsTheFormOfAReadBackReply() {
    assertArrayEquals(
        new String[] {"CHAN", ""},
        ScpiTemplate.compile(":WAVeform:SOURce CHAN{value}").valueAffixes());
    assertArrayEquals(
        new String[] {"", ""},
        ScpiTemplate.compile(":CHANnel{channel}:SCALe {value}").valueAffixes());
    assertArrayEquals(
        new String[] {"CH", "V"}, ScpiTemplate.compile("X CH{value}V;:Y 1").valueAffixes());
  }
}
