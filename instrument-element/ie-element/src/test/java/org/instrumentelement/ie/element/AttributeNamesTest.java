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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An attribute's name holds no dot: a dot separates topic levels, and names a vector's statistic in
 * alarms and the history archive ({@code waveform.max}), which must never be a real attribute's.
 * Nor anything else that would make its topic mean something else: letters, digits and {@code _}
 * only (docs/adding-instruments.md).
 */
class AttributeNamesTest {

  /** An IM type whose one attribute is named {@link #name}, read when an instance is made. */
  public static final class NamedManager extends AbstractInstrumentManager {
    static volatile String name;

    public NamedManager() {
      super(
          standardModel("named")
              .attribute(
                  AttributeSpec.readOnly(name, ValueSpec.number("V"), "odd").asSubscribable())
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

  /**
   * Each would make {@code ie.ie.odd.<name>} another topic, or another thing: {@code *} and {@code
   * >} are ActiveMQ's wildcards (a subscriber to {@code ie.ie.odd.>} reads every attribute of the
   * IM), {@code ,} makes a composite destination ({@code ie.ie.odd.a,b} also sends to the topic
   * {@code b}, outside the element), {@code ?} starts its options ({@code ie.ie.odd.a?x=1} is
   * {@code ie.ie.odd.a}), {@code /}, {@code +} and {@code #} are changed by the MQTT mapping, an
   * empty name leaves a trailing dot.
   */
  @ParameterizedTest
  @ValueSource(strings = {"*", ">", "a*", "a,b", "a?x=1", "a b", "a/b", "a+b", "#", "", "a-b", "Ä"})
  void anAttributeNameThatIsNotOneTopicSegmentIsRefused(String bad) throws Exception {
    String text = refusalOf(bad);
    assertTrue(text.contains("odd has an attribute named '" + bad + "'"), text);
    assertTrue(text.contains("letters, digits and '_'"), text);
  }

  @Test
  void anImWithADottedAttributeNameIsRefusedWhenItOpens() throws Exception {
    String text = refusalOf("trace.max");
    assertTrue(text.contains("'trace.max'"), text);
    assertTrue(text.contains("rename it"), text);
  }

  /**
   * The start's refusal, in its words, of an IM {@code odd} whose attribute is named {@code name}.
   */
  private static String refusalOf(String name) throws Exception {
    NamedManager.name = name;
    InstrumentElement ie =
        new InstrumentElement(
            ConfigLoader.load(
                List.of("--im.odd.type=" + NamedManager.class.getName(), "--im.odd.autoLink=false"),
                Map.of()));
    try {
      Exception e = assertThrows(Exception.class, ie::start);
      return e.getMessage() + " " + (e.getCause() == null ? "" : e.getCause().getMessage());
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
