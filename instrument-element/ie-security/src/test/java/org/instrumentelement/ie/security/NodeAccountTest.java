package org.instrumentelement.ie.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.instrumentelement.ie.config.ConfigException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sensor node accounts: how the users file writes them (the broker's rules: NodeTopicRulesTest).
 */
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
}
