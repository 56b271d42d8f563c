package org.instrumentelement.ial.flows;

import java.util.ArrayList;
import java.util.List;
import org.instrumentelement.ial.InstrumentSession;
import org.instrumentelement.ial.ResourceManager;
import org.instrumentelement.ial.mock.MockSessionProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every vendor flow, in every spelling, against the mock models in memory (no sockets). */
class VendorFlowsTest {
  private final ResourceManager rm = new ResourceManager().register(new MockSessionProvider());

  @AfterEach
  void close() {
    rm.close();
  }

  static List<Arguments> flows() throws Exception {
    List<Arguments> out = new ArrayList<>();
    for (ScpiFlow f : ScpiFlow.all()) {
      for (ScpiFlow.Spelling s : ScpiFlow.Spelling.values()) {
        out.add(Arguments.of(f.profile(), s, f));
      }
    }
    return out;
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("flows")
  void everydayFlowRunsWithoutAnError(String profile, ScpiFlow.Spelling spelling, ScpiFlow flow)
      throws Exception {
    try (InstrumentSession s = rm.open("MOCK::" + flow.model() + "::" + spelling)) {
      flow.run(s, spelling);
    }
  }
}
