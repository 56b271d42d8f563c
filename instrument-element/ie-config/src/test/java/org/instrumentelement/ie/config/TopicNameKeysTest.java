package org.instrumentelement.ie.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The keys that name topics ({@code <broker.topicPrefix>.<ie.name>.<IM path>.<attribute>}) take one
 * topic segment each: no dot (element {@code a.b} would share topics with element {@code a}'s IM
 * {@code b} on a shared broker), nothing ActiveMQ reads specially ({@code *} and {@code >} are
 * wildcards, {@code ,} separates a composite destination, {@code ?} starts its options), nothing
 * the MQTT mapping changes ({@code /}, {@code +}, {@code #}), no space and no empty segment (the
 * text is trimmed first). The prefix is not the broker's own {@code ActiveMQ}
 * (docs/configuration.md).
 */
class TopicNameKeysTest {

  /** Each breaks a topic name in its own way; see the class comment. */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "", " ", "a.b", "a.", "*", ">", "a*", "a>", "a,b", "a b", "a?x=1", "a/b", "a+b", "#", "Ä"
      })
  void elementNamesAndPrefixesAreOneTopicSegment(String bad) {
    for (String key : List.of("ie.name", "broker.topicPrefix")) {
      ConfigException e = refused(Map.of(key, bad));
      assertTrue(e.getMessage().startsWith(key + " must be letters, digits"), e.getMessage());
      assertTrue(e.getMessage().contains("'" + bad.trim() + "'"), e.getMessage());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"a.b", "a*b", "a>", "a,b", "a b", "a?x", "a/b", "a+b", "a#", "Ä"})
  void imNamesAreOneTopicSegment(String bad) {
    ConfigException e = refused(Map.of("im." + bad + ".type", "array"));
    assertTrue(e.getMessage().contains("'im." + bad + ".type'"), e.getMessage());
  }

  @Test
  void thePrefixIsNotTheBrokersOwn() {
    // ActiveMQ.Advisory.<IM path> would be an advisory topic, which only administrators receive.
    ConfigException e = refused(Map.of("broker.topicPrefix", "ActiveMQ", "ie.name", "Advisory"));
    assertTrue(
        e.getMessage().startsWith("broker.topicPrefix may not be 'ActiveMQ'"), e.getMessage());
  }

  @Test
  void theNamesOfTheRepositorysConfigurationsAreTaken() throws Exception {
    for (String name : List.of("ie", "optics-lab", "scpi-lab", "lab_2", "activemq")) {
      IeConfig c = resolve(Map.of("ie.name", name, "broker.topicPrefix", name));
      assertEquals(name, c.name());
      assertEquals(name, c.broker().topicPrefix());
    }
    assertEquals(
        List.of("a-b_2"),
        resolve(Map.of("im.a-b_2.type", "array")).ims().stream().map(ImConfig::name).toList());
  }

  private static IeConfig resolve(Map<String, String> file) throws ConfigException {
    return ConfigLoader.resolve(Map.of(), Map.of(), file);
  }

  private static ConfigException refused(Map<String, String> file) {
    return assertThrows(ConfigException.class, () -> resolve(file));
  }
}
