package org.instrumentelement.ie.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.apache.activemq.command.ActiveMQTopic;
import org.apache.activemq.security.DefaultAuthorizationMap;
import org.instrumentelement.ie.config.BrokerLimits;
import org.instrumentelement.ie.config.ConfigException;
import org.instrumentelement.ie.pubsub.transport.Refusals;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Sensor node accounts: how they are written, and what the broker's rules let them do. */
class NodeAccountTest {

  @Test
  void parsesPathAndNode() {
    assertEquals(new NodeAccount("lab/sensors", "n17"), NodeAccount.parse(" lab/sensors:n17 "));
    for (String bad : new String[] {"n17", "lab/sensors:", ":n17", "lab/sensors:n-1", "*:n1"}) {
      assertThrows(IllegalArgumentException.class, () -> NodeAccount.parse(bad), bad);
    }
  }

  @Test
  void theUsersFileNamesTheNodes(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("users.properties");
    String hash = PasswordHash.hash("x".toCharArray(), 1000);
    Files.writeString(
        f, "user.gw.password = " + hash + "\nuser.gw.node = lab/sensors:n1, lab/air:n2\n");
    User gw = UserStore.load(f).user("gw").orElseThrow();
    assertEquals(
        List.of(new NodeAccount("lab/sensors", "n1"), new NodeAccount("lab/air", "n2")),
        gw.nodes());
    assertTrue(gw.grants().isEmpty());
    Files.writeString(f, "user.gw.password = " + hash + "\nuser.gw.node = lab/sensors\n");
    ConfigException e = assertThrows(ConfigException.class, () -> UserStore.load(f));
    assertTrue(e.getMessage().contains("user.gw.node"), e.getMessage());
  }

  @Test
  void aNodeWritesItsOwnTopicOnlyAndReadsNothing() {
    User n1 = new User("n1", null, List.of(), List.of(new NodeAccount("lab/sensors", "n1")));
    User n2 = new User("n2", null, List.of(), List.of(new NodeAccount("lab/sensors", "n2")));
    User observer = new User("obs", null, List.of(Grant.parse("observe:lab")), List.of());
    BrokerSecurity security =
        new BrokerSecurity(
            new PasswordLogins(UserStore.of(List.of(n1, n2, observer))),
            "secret",
            "ie",
            "ie",
            new BrokerLimits(262144, 500, 100, 100, 200, Duration.ofSeconds(10), 40, 1000),
            new Refusals());
    DefaultAuthorizationMap map = security.authorizationMap();
    ActiveMQTopic own = new ActiveMQTopic("ie.ie.lab.sensors.nodes.n1");
    Set<Object> writers = map.getWriteACLs(own);
    assertTrue(writers.contains(BrokerSecurity.Group.of("n1")));
    assertFalse(writers.contains(BrokerSecurity.Group.of("n2")));
    assertFalse(writers.contains(BrokerSecurity.Group.of("obs")));
    assertTrue(writers.contains(BrokerSecurity.Group.PUBLISHERS));
    Set<Object> readers = map.getReadACLs(own);
    assertFalse(readers.contains(BrokerSecurity.Group.of("n1")), "not even its own topic");
    assertTrue(readers.contains(BrokerSecurity.Group.of("obs")), "observers see raw messages");
    for (String other : List.of("ie.ie.lab.sensors.values", "ie.ie.lab.scope.waveform", "x.y")) {
      assertFalse(
          map.getWriteACLs(new ActiveMQTopic(other)).contains(BrokerSecurity.Group.of("n1")),
          other);
    }
  }
}
