package org.instrumentelement.ial.mock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class MockExpressionTest {
  private static double eval(String e, Map<String, Double> names) {
    return MockExpression.compile(e).evaluate(names::get);
  }

  @Test
  void arithmeticFollowsTheUsualPrecedence() {
    assertEquals(7, eval("1 + 2 * 3", Map.of()));
    assertEquals(9, eval("(1 + 2) * 3", Map.of()));
    assertEquals(-5e-3, eval("-timebase * 5", Map.of("timebase", 1e-3)), 1e-18);
    assertEquals(0.015625, eval("scale * 8 / codes", Map.of("scale", 0.5, "codes", 256.0)));
    assertEquals(2.5e-6, eval("2.5e-6", Map.of()));
    assertEquals(3, eval("--3", Map.of()));
  }

  @Test
  void namesAreCollectedForChecking() {
    MockExpression e = MockExpression.compile("scale * 8 / codes + scale");
    assertEquals(Set.of("scale", "codes"), e.names());
    assertTrue(MockExpression.compile(" offset ").isName());
  }

  @Test
  void malformedExpressionsSayWhere() {
    for (String bad : new String[] {"1 +", "(1", "2 ** 3", "1e", "a b", "#3"}) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> MockExpression.compile(bad), bad);
      assertTrue(e.getMessage().contains("expression '" + bad + "'"), e.getMessage());
    }
  }
}
