package org.instrumentelement.im.descriptor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.instrumentelement.ial.ResourceManager;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.im.ImContext;
import org.instrumentelement.im.model.ImException;
import org.instrumentelement.im.model.ImModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Descriptor files are checked key by key when the IM opens. */
class DescriptorParserTest {

  private static Properties minimal() {
    Properties p = new Properties();
    p.setProperty("parameter.range.type", "double");
    p.setProperty("parameter.range.default", "10");
    p.setProperty("parameter.range.set", "VOLT:RANG {value}");
    p.setProperty("attribute.reading.type", "double");
    p.setProperty("attribute.reading.get", "READ?");
    return p;
  }

  private static String refusal(Properties p) {
    ImException e =
        assertThrows(
            ImException.class, () -> DescriptorParser.parse("test", p, ImModel.builder("scpi")));
    assertEquals(FaultCode.INVALID_VALUE, e.code());
    return e.getMessage();
  }

  @Test
  void everyBundledProfileLoads() throws Exception {
    for (String name : InstrumentDescriptor.BUNDLED) {
      InstrumentDescriptor d =
          DescriptorParser.parse(name, InstrumentDescriptor.read(name), ImModel.builder("scpi"));
      assertTrue(d.model().attributes().size() >= 2, name);
    }
  }

  @Test
  void minimalDescriptorGivesItsModel() throws Exception {
    InstrumentDescriptor d = DescriptorParser.parse("test", minimal(), ImModel.builder("scpi"));
    assertEquals(10.0, d.model().parameter("range").defaultValue().asDouble());
    assertEquals("READ?", d.attributes().get("reading").get().toString());
  }

  @Test
  void typosAndDanglingNamesFailWithTheKey() {
    Properties typo = minimal();
    typo.setProperty("attribute.reading.gett", "READ?");
    assertTrue(refusal(typo).contains("attribute.reading.gett"));
    Properties dangling = minimal();
    dangling.setProperty("parameter.range.set", "VOLT:RANG {valeu}");
    assertTrue(refusal(dangling).contains("{valeu}"));
    Properties noDefault = minimal();
    noDefault.remove("parameter.range.default");
    assertTrue(refusal(noDefault).contains("parameter.range.default is missing"));
    Properties badType = minimal();
    badType.setProperty("parameter.range.type", "float");
    assertTrue(refusal(badType).contains("not 'float'"));
    Properties badToken = minimal();
    badToken.setProperty("parameter.mode.type", "enum");
    badToken.setProperty("parameter.mode.values", "A,B");
    badToken.setProperty("parameter.mode.scpi", "A;*RST,B");
    badToken.setProperty("parameter.mode.default", "A");
    assertTrue(refusal(badToken).contains("is not a token"));
    Properties newline = minimal();
    newline.setProperty("attribute.reading.get", "READ?\n*RST");
    assertTrue(refusal(newline).contains("control character"));
    Properties noPreamble = minimal();
    noPreamble.setProperty("waveform.query", "DATA?");
    noPreamble.setProperty("waveform.format", "int16");
    noPreamble.setProperty("attribute.dt.from", "waveform.xIncrement");
    assertTrue(refusal(noPreamble).contains("needs waveform.preamble"));
    Properties standard = minimal();
    standard.setProperty("command.reset.send", "*RST");
    assertTrue(refusal(standard).contains("standard command"));
  }

  @Test
  void descriptorFromAFile(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("my-dmm.properties");
    try (var out = Files.newBufferedWriter(file)) {
      minimal().store(out, null);
    }
    Properties p = InstrumentDescriptor.read(file.toString());
    assertEquals("READ?", p.getProperty("attribute.reading.get"));
    IOException e =
        assertThrows(IOException.class, () -> InstrumentDescriptor.read("no-such-profile"));
    assertTrue(e.getMessage().contains("bundled"), e.getMessage());
  }

  @Test
  void imWithoutDescriptorIsAConfigurationError() {
    ImException e =
        assertThrows(
            ImException.class,
            () ->
                new DescriptorInstrumentManager()
                    .open(
                        new ImContext(
                            "lab/x",
                            "MOCK::dmm",
                            new ResourceManager(),
                            Map.of(),
                            Duration.ofSeconds(1),
                            false,
                            false,
                            List::of)));
    assertTrue(e.getMessage().contains("needs im.<name>.descriptor"), e.getMessage());
  }
}
