package org.instrumentelement.ie.soap;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.instrumentelement.ie.soap.types.GetState;
import org.instrumentelement.ie.soap.types.GetStateResponse;
import org.junit.jupiter.api.Test;

class OperationRouterTest {

  /** Implements getState only. */
  static final class StateOnly {
    GetStateResponse getState(GetState request) {
      return new GetStateResponse();
    }
  }

  @Test
  void aPortWithOperationsNoGroupImplementsIsRefused() {
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class, () -> OperationRouter.port(List.of(new StateOnly())));
    assertTrue(e.getMessage().contains("getAttribute is implemented by 0 groups"), e.getMessage());
    assertTrue(!e.getMessage().contains("getState"), "getState has its one: " + e.getMessage());
  }

  @Test
  void anOperationTwoGroupsImplementIsRefused() {
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () -> OperationRouter.port(List.of(new StateOnly(), new StateOnly())));
    assertTrue(e.getMessage().contains("getState is implemented by 2 groups"), e.getMessage());
  }
}
