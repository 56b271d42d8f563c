package org.instrumentelement.ial.mock;

import org.instrumentelement.ial.InstrumentSession;
import org.instrumentelement.ial.InstrumentSessionContract;
import org.instrumentelement.ial.ResourceManager;
import org.junit.jupiter.api.AfterEach;

class MockSessionContractTest extends InstrumentSessionContract {
  private final ResourceManager rm = new ResourceManager().register(new MockSessionProvider());

  @Override
  protected InstrumentSession openSession() throws Exception {
    return rm.open("MOCK::oscilloscope");
  }

  @Override
  protected InstrumentSession openSecondSession() throws Exception {
    return rm.open("MOCK::oscilloscope");
  }

  @AfterEach
  void closeManager() {
    rm.close();
  }
}
