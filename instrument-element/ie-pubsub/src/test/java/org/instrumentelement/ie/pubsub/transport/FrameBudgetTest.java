package org.instrumentelement.ie.pubsub.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import org.junit.jupiter.api.Test;

class FrameBudgetTest {
  @Test
  void aFrameMayReadItsBudgetAndNotAByteMore() throws Exception {
    FrameBudget budget = new FrameBudget(new ByteArrayInputStream(new byte[100]));
    DataInputStream in = new DataInputStream(budget);
    budget.startFrame(10);
    in.readFully(new byte[10]);
    assertThrows(FrameBudget.FrameTooLarge.class, in::read);

    budget.startFrame(40);
    in.readFully(new byte[39]);
    assertEquals(0, in.read());
    FrameBudget.FrameTooLarge e =
        assertThrows(FrameBudget.FrameTooLarge.class, () -> in.readFully(new byte[5]));
    assertEquals("a frame of more than 40 bytes", e.getMessage());
  }

  @Test
  void beforeTheFirstFrameNothingIsCounted() throws Exception {
    FrameBudget budget = new FrameBudget(new ByteArrayInputStream(new byte[100]));
    assertEquals(100, budget.readAllBytes().length);
  }
}
