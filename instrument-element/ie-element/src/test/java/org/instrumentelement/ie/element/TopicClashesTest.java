package org.instrumentelement.ie.element;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.instrumentelement.ial.InstrumentSession;
import org.instrumentelement.ie.config.ConfigException;
import org.instrumentelement.ie.config.ConfigLoader;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.ie.state.StateStore;
import org.instrumentelement.im.AbstractInstrumentManager;
import org.instrumentelement.im.model.AttributeSpec;
import org.instrumentelement.im.model.ImException;
import org.instrumentelement.im.model.Value;
import org.instrumentelement.im.model.ValueSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An IM whose topics would lie on another stream's is refused, at the start (a configuration error
 * naming its keys) and when added at run time: a child named like an attribute of its parent, like
 * its parent's command topic, or {@code nodes} below a sensor network, and {@code alarms} at the
 * top (docs/subscriptions.md, "Topics").
 */
class TopicClashesTest {

  /** An IM type (named by its class) with a subscribable attribute named {@code codes}. */
  public static final class CodesManager extends AbstractInstrumentManager {
    public CodesManager() {
      super(
          standardModel("codes")
              .attribute(
                  AttributeSpec.readOnly("codes", ValueSpec.vector("V"), "A trace.")
                      .asSubscribable())
              .build());
    }

    @Override
    protected boolean needsInstrument() {
      return false;
    }

    @Override
    protected Value readAttribute(InstrumentSession session, AttributeSpec attribute) {
      return Value.ofDoubles(new double[] {1.0}, Instant.now());
    }
  }

  /** The built-in mock lab and these options; the start's refusal, in its words. */
  static String refusedAtStart(String... options) throws Exception {
    InstrumentElement ie = new InstrumentElement(ConfigLoader.load(List.of(options), Map.of()));
    try {
      return assertThrows(ConfigException.class, ie::start).getMessage();
    } finally {
      ie.close();
    }
  }

  /** An IM of type CodesManager named {@code name} below {@code parent} (empty: at the top). */
  static List<String> codesIm(String name, String parent) {
    List<String> options = new ArrayList<>();
    options.add("--im." + name + ".type=" + CodesManager.class.getName());
    options.add("--im." + name + ".autoLink=false");
    if (!parent.isEmpty()) {
      options.add("--im." + name + ".parent=" + parent);
    }
    return options;
  }

  @Test
  void aChildNamedLikeAnAttributeOfItsParentIsRefused() throws Exception {
    // lab/scope/waveform's attribute 'codes' would be published on ie.ie.lab.scope.waveform.codes,
    // the codes topic of lab/scope's waveform, and observe:lab/scope/waveform would read
    // ie.ie.lab.scope.waveform itself.
    String m = refusedAtStart(codesIm("waveform", "scope").toArray(String[]::new));
    assertTrue(m.startsWith("im.waveform.parent: the IM lab/scope/waveform"), m);
    assertTrue(m.contains("lab/scope's attribute 'waveform'"), m);
    assertTrue(m.contains("ie.ie.lab.scope.waveform.codes"), m);
    assertTrue(m.endsWith("rename the IM"), m);
  }

  @Test
  void aChildNamedLikeItsParentsCommandTopicIsRefused() throws Exception {
    String m = refusedAtStart(codesIm("commands", "scope").toArray(String[]::new));
    assertTrue(m.startsWith("im.commands.parent: the IM lab/scope/commands"), m);
    assertTrue(m.contains("below ie.ie.lab.scope.commands, the command topic of lab/scope"), m);
  }

  @Test
  void aChildNamedNodesBelowASensorNetworkIsRefused() throws Exception {
    List<String> options = new ArrayList<>(codesIm("nodes", "sensors"));
    options.addAll(
        List.of(
            "--im.sensors.type=sensor-network",
            "--im.sensors.parent=lab",
            "--im.sensors.nodes=n17"));
    String m = refusedAtStart(options.toArray(String[]::new));
    assertTrue(m.startsWith("im.nodes.parent: the IM lab/sensors/nodes"), m);
    assertTrue(m.contains("under which the nodes of lab/sensors publish"), m);
  }

  @Test
  void anImAtTheTopNamedAlarmsIsRefusedAtStartAndWhenAdded() throws Exception {
    String m = refusedAtStart(codesIm("alarms", "").toArray(String[]::new));
    assertTrue(m.startsWith("im.alarms: the IM alarms may not be named 'alarms'"), m);
    assertTrue(m.contains("ie.ie.alarms, the element's alarm topic"), m);

    InstrumentElement ie = new InstrumentElement(ConfigLoader.load(List.of(), Map.of()));
    try {
      ie.start();
      List<ImNode> before = ie.nodes();
      ImException e =
          assertThrows(
              ImException.class,
              () ->
                  ie.add(
                      "alarms", Map.of("type", CodesManager.class.getName(), "autoLink", "false")));
      assertEquals(FaultCode.INVALID_VALUE, e.code());
      assertTrue(e.getMessage().contains("the element's alarm topic"), e.getMessage());
      assertEquals(before, ie.nodes(), "nothing added");
      assertNotNull(
          ie.add("alarms2", Map.of("type", CodesManager.class.getName(), "autoLink", "false")));
    } finally {
      ie.close();
    }
  }

  /**
   * A name added at run time is one topic segment, as in the configuration: no dot, wildcard,
   * composite separator, option, MQTT character, space or empty name.
   */
  @ParameterizedTest
  @ValueSource(strings = {"a.b", "*", ">", "a,b", "a?x=1", "a b", "a/b", "a+b", "#", ""})
  void anImAddedAtRunTimeIsNamedWithOneTopicSegment(String bad) throws Exception {
    InstrumentElement ie = new InstrumentElement(ConfigLoader.load(List.of(), Map.of()));
    try {
      ie.start();
      ImException e =
          assertThrows(
              ImException.class,
              () -> ie.add(bad, Map.of("type", CodesManager.class.getName(), "autoLink", "false")));
      assertEquals(FaultCode.INVALID_VALUE, e.code());
    } finally {
      ie.close();
    }
  }

  @Test
  void anImNamedAlarmsKeptFromAnEarlierRunIsLeftOut() throws Exception {
    StateStore store = StateStore.inMemory();
    Map<String, String> settings =
        Map.of("type", CodesManager.class.getName(), "autoLink", "false");
    store.update(s -> s.putAddedIm("alarms", settings));
    store.update(s -> s.putAddedIm("kept", settings));
    InstrumentElement ie = new InstrumentElement(ConfigLoader.load(List.of(), Map.of()));
    try {
      ie.start(store, () -> "", null);
      assertNotNull(ie.node("kept"));
      assertThrows(ImException.class, () -> ie.node("alarms"));
      assertEquals(Set.of("kept"), store.read(s -> s.addedIms()).keySet(), "forgotten");
    } finally {
      ie.close();
    }
  }

  @Test
  void namesThatPutNoTopicOnAnothersAreFree() throws Exception {
    List<String> options = new ArrayList<>();
    options.addAll(codesIm("trace", "scope")); // not an attribute of the scope
    options.addAll(codesIm("nodes", "scope")); // the scope takes no node messages
    options.addAll(codesIm("waveform", "lab")); // an attribute of lab/scope, not of lab
    InstrumentElement ie = new InstrumentElement(ConfigLoader.load(options, Map.of()));
    try {
      ie.start();
      assertNotNull(ie.node("lab/scope/trace"));
      assertNotNull(ie.node("lab/scope/nodes"));
      assertNotNull(ie.node("lab/waveform"));
    } finally {
      ie.close();
    }
  }
}
