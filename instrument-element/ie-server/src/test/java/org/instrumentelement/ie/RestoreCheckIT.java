package org.instrumentelement.ie;

import static org.instrumentelement.ie.RunTimeCalls.parameters;
import static org.instrumentelement.ie.RunTimeCalls.setParameter;
import static org.instrumentelement.ie.client.InstrumentElementClient.stringValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.instrumentelement.ie.client.soap.ExecuteCommand;
import org.instrumentelement.ie.client.soap.GetState;
import org.instrumentelement.ie.client.soap.InstrumentElementFault;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.ParameterInfo;
import org.instrumentelement.ie.config.ConfigLoader;
import org.instrumentelement.ie.config.IeConfig;
import org.instrumentelement.ie.state.StateFile;
import org.junit.jupiter.api.Test;

/**
 * A value kept from the last run passes the check a client's set passes before the IM takes it: a
 * state file whose checksum is valid but which holds a value no link could send (SCPI syntax in a
 * string parameter), or one out of range, is set aside with a warning and an audit record, the
 * configured value is used, and the IM links, at this start and every later one. A set while
 * UNLINKED gets the same check as one while LINKED.
 */
class RestoreCheckIT {
  static final String KEY = "parameter.lab/dmm.label.value";

  private static IeConfig lab(Path dataDir) throws Exception {
    return RunningElement.freePorts(
            ConfigLoader.load(
                List.of(
                    "--im.dmm.type=scpi",
                    "--im.dmm.parent=lab",
                    "--im.dmm.descriptor=classpath:descriptors/dmm-with-label.properties",
                    "--im.dmm.address=MOCK::dmm",
                    "--im.dmm.param.label=BUS",
                    "--im.dmm.reconnect=false"),
                Map.of()))
        .with("data.dir", dataDir.toString());
  }

  static String state(InstrumentElementPort ie) throws Exception {
    GetState g = new GetState();
    g.setIm("lab/dmm");
    return ie.getState(g).getState();
  }

  /** The audit records of this element so far, each parsed from its line. */
  static List<JsonNode> audit(RunningElement e) throws Exception {
    List<JsonNode> out = new ArrayList<>();
    for (String line : Files.readAllLines(e.runtime.config().security().auditFile())) {
      out.add(new ObjectMapper().readTree(line));
    }
    return out;
  }

  @Test
  void aKeptValueThatASetWouldRefuseIsSetAsideAndTheImLinks() throws Exception {
    Path dir = RunningElement.newDataDir();
    try (RunningElement first = RunningElement.of(lab(dir))) {
      InstrumentElementPort operator = first.client("operator", "operator");
      setParameter(operator, "lab/dmm", "label", stringValue("EXTernal"));
      assertEquals("EXT", first.device("MOCK::dmm").setting("triggerSource", 1), "sent when set");
    }
    // Written as the IE writes it, with a valid checksum: the IE's own check must catch it.
    StateFile file = new StateFile(dir);
    Map<String, String> kept = new java.util.TreeMap<>(file.read());
    assertEquals("EXTernal", kept.get(KEY));
    kept.put(KEY, "x;*RST");
    file.write(kept);

    try (RunningElement second = RunningElement.of(lab(dir))) {
      InstrumentElementPort admin = second.client();
      assertEquals("LINKED", state(admin), "the IM links");
      ParameterInfo label = parameters(admin, "lab/dmm").get("label");
      assertEquals("BUS", label.getValue().getStringValue(), "the configured value");
      assertEquals("FILE", label.getSource());
      assertEquals("BUS", second.device("MOCK::dmm").setting("triggerSource", 1));
      JsonNode refused =
          audit(second).stream()
              .filter(j -> j.get("operation").asText().equals("restoreParameter"))
              .findFirst()
              .orElseThrow(() -> new AssertionError("no audit record of the refused value"));
      assertEquals("lab/dmm", refused.get("im").asText());
      assertTrue(
          refused.get("details").asText().startsWith("label = x;*RST (set by operator at "),
          refused.toString());
      assertEquals(
          "INVALID_VALUE: 'x;*RST' cannot be sent to the instrument as a SCPI token",
          refused.get("result").asText());
      assertFalse(new StateFile(dir).read().containsKey(KEY), "set aside: not in the file");
    }
    try (RunningElement third = RunningElement.of(lab(dir))) {
      assertEquals("LINKED", state(third.client()));
      assertTrue(
          audit(third).stream()
              .noneMatch(j -> j.get("operation").asText().equals("restoreParameter")),
          "nothing left to refuse");
    }
  }

  @Test
  void aSetWhileUnlinkedGetsTheCheckOfASetWhileLinked() throws Exception {
    try (RunningElement e = RunningElement.of(lab(RunningElement.newDataDir()))) {
      InstrumentElementPort admin = e.client();
      ExecuteCommand unlink = new ExecuteCommand();
      unlink.setIm("lab/dmm");
      unlink.setCommand("unlink");
      admin.executeCommand(unlink);
      assertEquals("UNLINKED", state(admin));
      for (String bad : List.of("x;*RST", "BUS\u0085", "BUS *RST")) {
        InstrumentElementFault f =
            assertThrows(
                InstrumentElementFault.class,
                () -> setParameter(admin, "lab/dmm", "label", stringValue(bad)));
        assertEquals("INVALID_VALUE", f.getFaultInfo().getCode(), bad);
      }
      assertEquals("BUS", parameters(admin, "lab/dmm").get("label").getValue().getStringValue());
      ExecuteCommand link = new ExecuteCommand();
      link.setIm("lab/dmm");
      link.setCommand("link");
      admin.executeCommand(link);
      assertEquals("LINKED", state(admin), "the link is not broken by what was refused");
    }
  }
}
