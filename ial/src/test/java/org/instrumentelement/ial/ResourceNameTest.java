package org.instrumentelement.ial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class ResourceNameTest {

  @Test
  void parsesSocketResource() throws Exception {
    ResourceName r = ResourceName.parse("TCPIP0::10.0.0.5::5025::SOCKET");
    assertEquals("TCPIP", r.interfaceType());
    assertEquals(0, r.board());
    assertEquals(List.of("10.0.0.5", "5025"), r.fields());
    assertEquals("SOCKET", r.resourceClass());
  }

  @Test
  void classDefaultsToInstrAndKeywordsAreCaseInsensitive() throws Exception {
    ResourceName r = ResourceName.parse("tcpip3::scope.lab::inst0");
    assertEquals("TCPIP", r.interfaceType());
    assertEquals(3, r.board());
    assertEquals(List.of("scope.lab", "inst0"), r.fields());
    assertEquals("INSTR", r.resourceClass());
    assertEquals("INSTR", ResourceName.parse("MOCK::array::instr").resourceClass());
  }

  @Test
  void mockResourceKeepsFieldCase() throws Exception {
    ResourceName r = ResourceName.parse("MOCK1::Oscilloscope::SN42");
    assertEquals("MOCK", r.interfaceType());
    assertEquals(1, r.board());
    assertEquals("Oscilloscope", r.field(0, null));
    assertEquals("SN42", r.field(1, null));
    assertEquals("fallback", r.field(2, "fallback"));
  }

  @Test
  void rejectsMalformedStrings() {
    for (String bad :
        new String[] {"", "   ", "::host", "12::x", "TCPIP::::SOCKET", "TCPIP-0::x"}) {
      assertThrows(InvalidResourceNameException.class, () -> ResourceName.parse(bad), bad);
    }
  }
}
