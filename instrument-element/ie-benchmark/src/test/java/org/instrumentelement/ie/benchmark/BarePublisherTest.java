package org.instrumentelement.ie.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collections;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.Set;
import org.apache.activemq.command.ActiveMQBytesMessage;
import org.instrumentelement.ie.contract.MessageProperty;
import org.junit.jupiter.api.Test;

class BarePublisherTest {
  @Test
  void theBareMessageHasEveryPropertyOfTheIesDoublesMessageAndNoOther() throws Exception {
    ActiveMQBytesMessage m = new ActiveMQBytesMessage();
    BarePublisher.stamp(m, 7, 42, 2500);
    Set<String> names = new HashSet<>();
    for (Object name : Collections.list(m.getPropertyNames())) {
      if (!((String) name).startsWith("JMSX")) { // JMS's own, such as JMSXDeliveryCount
        names.add((String) name);
      }
    }
    // A vector of doubles carries every property of the format but those of a trace of codes.
    Set<MessageProperty> codesOnly =
        EnumSet.of(
            MessageProperty.SCALE,
            MessageProperty.OFFSET,
            MessageProperty.NAN_CODE,
            MessageProperty.CLIP_LOW_CODE,
            MessageProperty.CLIP_HIGH_CODE);
    Set<String> format = new HashSet<>();
    for (MessageProperty p : EnumSet.complementOf(EnumSet.copyOf(codesOnly))) {
      format.add(p.key());
    }
    assertEquals(format, names);
    assertEquals(7, m.getLongProperty(MessageProperty.SEQUENCE.key()));
    assertEquals(42, m.getLongProperty(MessageProperty.EPOCH.key()));
    assertEquals(2500, m.getIntProperty(MessageProperty.LENGTH.key()));
    assertEquals("DOUBLE_ARRAY", m.getStringProperty(MessageProperty.TYPE.key()));
    assertTrue(m.getLongProperty(BarePublisher.SENT) > 0, "stamped with its send time");
  }
}
