package org.instrumentelement.ie.element;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.instrumentelement.ial.InstrumentSession;
import org.instrumentelement.ie.config.ConfigLoader;
import org.instrumentelement.im.AbstractInstrumentManager;
import org.instrumentelement.im.model.AttributeSpec;
import org.instrumentelement.im.model.Value;
import org.instrumentelement.im.model.ValueSpec;
import org.junit.jupiter.api.Test;

/**
 * An attribute's name holds no dot: a dot separates topic levels, and names a vector's statistic in
 * alarms and the history archive ({@code waveform.max}), which must never be a real attribute's.
 */
class AttributeNamesTest {

  /** An IM type (named by its class in the configuration) with an attribute named with a dot. */
  public static final class DottedManager extends AbstractInstrumentManager {
    public DottedManager() {
      super(
          standardModel("dotted")
              .attribute(AttributeSpec.readOnly("trace.max", ValueSpec.number("V"), "not a name"))
              .build());
    }

    @Override
    protected boolean needsInstrument() {
      return false;
    }

    @Override
    protected Value readAttribute(InstrumentSession session, AttributeSpec attribute) {
      return Value.ofDouble(1.0, Instant.now());
    }
  }

  @Test
  void anImWithADottedAttributeNameIsRefusedWhenItOpens() throws Exception {
    InstrumentElement ie =
        new InstrumentElement(
            ConfigLoader.load(
                List.of(
                    "--im.odd.type=" + DottedManager.class.getName(), "--im.odd.autoLink=false"),
                Map.of()));
    try {
      Exception e = assertThrows(Exception.class, ie::start);
      String text = e.getMessage() + " " + (e.getCause() == null ? "" : e.getCause().getMessage());
      assertTrue(text.contains("'trace.max'"), text);
      assertTrue(text.contains("rename it"), text);
    } finally {
      ie.close();
    }
  }

  @Test
  void theBuiltInImsNamesAreFree() throws Exception {
    InstrumentElement ie = new InstrumentElement(ConfigLoader.load(List.of(), Map.of()));
    try {
      ie.start();
      assertNotNull(ie.node("lab/scope"));
    } finally {
      ie.close();
    }
  }
}
