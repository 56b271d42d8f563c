package org.instrumentelement.im.managers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.instrumentelement.ial.ResourceManager;
import org.instrumentelement.ial.mock.MockSessionProvider;
import org.instrumentelement.ial.trace.ScaledCodes;
import org.instrumentelement.im.ImContext;
import org.instrumentelement.im.InstrumentManager;
import org.instrumentelement.im.InstrumentManagerTypes;
import org.instrumentelement.im.model.States;
import org.instrumentelement.im.model.Value;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ArrayAndGroupManagerTest {
  private final MockSessionProvider mocks = new MockSessionProvider();
  private final ResourceManager rm = new ResourceManager().register(mocks);

  @AfterEach
  void close() {
    rm.close();
  }

  private ImContext ctx(
      String path, String address, Map<String, String> params, List<InstrumentManager> children) {
    return new ImContext(
        path, address, rm, params, Duration.ofSeconds(1), false, false, () -> children);
  }

  @Test
  void arrayDeliversVectorsOfTheConfiguredLength() throws Exception {
    InstrumentManager array = new ArrayDeviceManager();
    array.open(ctx("a", "MOCK::array", Map.of("length", "1250"), List.of()));
    array.executeCommand("link", Map.of());
    double[] a = array.getAttribute("vector").asDoubles();
    double[] b = array.getAttribute("vector").asDoubles();
    assertEquals(1250, a.length);
    assertFalse(Arrays.equals(a, b), "every read is a new acquisition");
    array.setParameter("length", Value.ofInteger(2500, Instant.now()));
    assertEquals(2500, array.getAttribute("vector").asDoubles().length);
    assertEquals("2500", mocks.device("MOCK::array").setting("points", 1));
    array.close();
    assertEquals(States.UNLINKED, array.state());
  }

  @Test
  void arrayInWordFormatKeepsTheCodesItsPreambleScales() throws Exception {
    InstrumentManager array = new ArrayDeviceManager();
    array.open(
        ctx("a", "MOCK::array::codes", Map.of("length", "1250", "format", "WORD"), List.of()));
    array.executeCommand("link", Map.of());
    assertEquals("WORD", mocks.device("MOCK::array::codes").setting("format", 1));
    Value v = array.getAttribute("vector");
    ScaledCodes codes = v.scaledCodes();
    assertNotNull(codes, "a WORD vector is kept as its codes");
    assertEquals(ScaledCodes.Width.INT16, codes.width());
    assertEquals(1250, codes.length());
    assertEquals(1.0 / 8192, codes.scale());
    assertEquals(0.0, codes.offset());
    double[] d = v.asDoubles();
    for (int i = 0; i < d.length; i++) {
      assertEquals(
          Double.doubleToRawLongBits(codes.code(i) * codes.scale() + codes.offset()),
          Double.doubleToRawLongBits(d[i]),
          "value " + i);
    }
    array.setParameter("format", Value.ofEnum("REAL", Instant.now()));
    Value real = array.getAttribute("vector");
    assertNull(real.scaledCodes(), "REAL stays doubles");
    assertEquals(1250, real.asDoubles().length);
    array.close();
  }

  @Test
  void arrayIsDoublesUnlessConfiguredOtherwise() throws Exception {
    InstrumentManager array = new ArrayDeviceManager();
    array.open(ctx("a", "MOCK::array::plain", Map.of(), List.of()));
    array.executeCommand("link", Map.of());
    assertEquals("REAL", array.getParameter("format").asString());
    assertNull(array.getAttribute("vector").scaledCodes());
    array.close();
  }

  @Test
  void groupPassesCommandsToItsChildren() throws Exception {
    InstrumentManager scope = new OscilloscopeManager();
    InstrumentManager array = new ArrayDeviceManager();
    scope.open(ctx("lab/scope", "MOCK::oscilloscope", Map.of(), List.of()));
    array.open(ctx("lab/array", "MOCK::array::9", Map.of(), List.of()));
    mocks.device("MOCK::array::9").powerOff();
    InstrumentManager lab = new GroupManager();
    lab.open(ctx("lab", "", Map.of(), List.of(scope, array)));
    lab.executeCommand("link", Map.of());
    assertEquals(States.LINKED, lab.state());
    assertEquals(States.LINKED, scope.state());
    assertEquals(States.ERROR, array.state(), "a failing child does not stop the others");
    lab.executeCommand("start", Map.of());
    assertEquals(States.RUNNING, scope.state());
    lab.executeCommand("unlink", Map.of());
    assertEquals(States.UNLINKED, scope.state());
    assertEquals(States.UNLINKED, array.state());
  }

  @Test
  void typesAreFoundByNameOrClass() {
    InstrumentManagerTypes types = InstrumentManagerTypes.installed();
    assertTrue(
        types.names().containsAll(List.of("oscilloscope", "array", "group")),
        types.names().toString());
    assertEquals("array", types.create("array").model().type());
    assertEquals("oscilloscope", types.create(OscilloscopeManager.class.getName()).model().type());
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> types.create("toaster"));
    assertTrue(e.getMessage().contains("unknown IM type 'toaster'"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> types.create("java.lang.String"));
  }
}
