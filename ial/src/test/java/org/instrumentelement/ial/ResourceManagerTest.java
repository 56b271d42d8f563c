package org.instrumentelement.ial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ResourceManagerTest {

  @Test
  void installedProvidersIncludeTheMockDevices() throws Exception {
    try (ResourceManager rm = ResourceManager.withInstalledProviders();
        InstrumentSession s = rm.open("MOCK::oscilloscope")) {
      assertTrue(s.query("*IDN?").contains("MockScope"));
      assertEquals("MOCK::oscilloscope", s.resource().text());
    }
  }

  @Test
  void unknownInterfaceIsAClearError() {
    try (ResourceManager rm = ResourceManager.withInstalledProviders()) {
      InvalidResourceNameException e =
          assertThrows(InvalidResourceNameException.class, () -> rm.open("GPIB0::12::INSTR"));
      assertTrue(e.getMessage().contains("no transport for interface GPIB"), e.getMessage());
    }
  }

  @Test
  void unknownMockModelIsAClearError() {
    try (ResourceManager rm = ResourceManager.withInstalledProviders()) {
      InvalidResourceNameException e =
          assertThrows(InvalidResourceNameException.class, () -> rm.open("MOCK::toaster"));
      assertTrue(e.getMessage().contains("no mock model 'toaster'"), e.getMessage());
    }
  }

  @Test
  void laterRegistrationsTakePrecedence() throws Exception {
    SessionProvider refusing =
        new SessionProvider() {
          @Override
          public boolean accepts(ResourceName name) {
            return name.interfaceType().equals("MOCK");
          }

          @Override
          public InstrumentSession open(ResourceName name, SessionOptions options)
              throws InstrumentException {
            throw new InstrumentException("refused by the test provider");
          }
        };
    try (ResourceManager rm = ResourceManager.withInstalledProviders().register(refusing)) {
      InstrumentException e = assertThrows(InstrumentException.class, () -> rm.open("MOCK::array"));
      assertEquals("refused by the test provider", e.getMessage());
    }
  }
}
