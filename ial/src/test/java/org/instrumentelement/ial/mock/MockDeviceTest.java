package org.instrumentelement.ial.mock;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import org.instrumentelement.ial.InstrumentException;
import org.instrumentelement.ial.InstrumentSession;
import org.instrumentelement.ial.InstrumentTimeoutException;
import org.instrumentelement.ial.ResourceManager;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MockDeviceTest {
  private final MockSessionProvider provider = new MockSessionProvider();
  private final ResourceManager rm = new ResourceManager().register(provider);

  @AfterEach
  void closeManager() {
    rm.close();
  }

  private static double[] doubles(byte[] block) {
    double[] d = new double[block.length / 8];
    ByteBuffer.wrap(block).order(ByteOrder.LITTLE_ENDIAN).asDoubleBuffer().get(d);
    return d;
  }

  @Test
  void arrayDeviceReturnsTheConfiguredNumberOfDoubles() throws Exception {
    try (InstrumentSession s = rm.open("MOCK::array")) {
      assertEquals(2500, doubles(s.queryBinaryBlock("DATA?")).length);
      s.write("POINTS 1250");
      assertEquals("1250", s.query("POIN?"));
      double[] a = doubles(s.queryBinaryBlock("DATA?"));
      double[] b = doubles(s.queryBinaryBlock("DATA?"));
      assertEquals(1250, a.length);
      assertNotEquals(
          ByteBuffer.wrap(s.queryBinaryBlock("DATA?")),
          ByteBuffer.wrap(s.queryBinaryBlock("DATA?")));
      assertTrue(a[0] != b[0] || a[1] != b[1], "every acquisition differs");
    }
  }

  @Test
  void arrayDeviceInWordFormatSendsSixteenBitCodesItsPreambleScales() throws Exception {
    try (InstrumentSession s = rm.open("MOCK::array::word")) {
      s.write("POIN 1250");
      assertEquals("REAL", s.query("FORM?"));
      assertEquals(0, Double.parseDouble(s.query("PRE?").split(",")[7]), "doubles: no code step");
      double[] volts = doubles(s.queryBinaryBlock("DATA?"));
      s.write("FORM WORD");
      assertEquals("WORD", s.query("FORM?"));
      byte[] block = s.queryBinaryBlock("DATA?");
      String[] preamble = s.query("PRE?").split(",");
      assertEquals(2 * 1250, block.length, "two bytes per code");
      assertEquals("1", preamble[0]);
      assertEquals("1250", preamble[2]);
      double step = Double.parseDouble(preamble[7]);
      assertEquals(1.0 / 8192, step);
      ByteBuffer codes = ByteBuffer.wrap(block).order(ByteOrder.LITTLE_ENDIAN);
      double min = Double.POSITIVE_INFINITY;
      double max = Double.NEGATIVE_INFINITY;
      for (int i = 0; i < 1250; i++) {
        double v = codes.getShort() * step + Double.parseDouble(preamble[8]);
        min = Math.min(min, v);
        max = Math.max(max, v);
      }
      // The same input as the doubles: a 1 V sine with a little noise, to a code step.
      assertTrue(max > 0.9 && max < 1.1 && min < -0.9 && min > -1.1, min + " to " + max);
      assertTrue(Math.abs(volts[0]) < 1.1);
      s.write("FORM REAL");
      assertEquals(8 * 1250, s.queryBinaryBlock("DATA?").length);
    }
  }

  @Test
  void aReplyIsItsAnswersSeparatedBySemicolonsAndEndedByANewline() throws Exception {
    MockDevice device = provider.device("MOCK::array");
    assertEquals(
        "InstrumentElement,MockArray,MOCK0002,1.0\n",
        new String(device.handle("*IDN?").bytes(), StandardCharsets.US_ASCII));
    assertEquals(
        "2500;InstrumentElement,MockArray,MOCK0002,1.0;2500\n",
        new String(device.handle("POIN?;*IDN?;POIN?").bytes(), StandardCharsets.US_ASCII));
    assertFalse(device.handle("POIN 2").hasData());
    byte[] block = device.handle("DATA?").bytes();
    assertEquals("#216", new String(block, 0, 4, StandardCharsets.US_ASCII));
    assertEquals(4 + 16 + 1, block.length);
    assertEquals('\n', block[block.length - 1]);
    try (InstrumentSession s = rm.open("MOCK::array")) {
      assertEquals("2;InstrumentElement,MockArray,MOCK0002,1.0", s.query("POIN?;*IDN?"));
      // The block, then its newline: read as the end of the message, the next reply follows.
      assertEquals(2, doubles(s.queryBinaryBlock("DATA?")).length);
      assertEquals("2", s.query("POIN?"));
      assertEquals("0,\"No error\"", s.query("SYST:ERR?"));
    }
  }

  @Test
  void sessionsToTheSameResourceShareOneDevice() throws Exception {
    try (InstrumentSession a = rm.open("MOCK::oscilloscope");
        InstrumentSession b = rm.open("mock0::OSCILLOSCOPE::0::INSTR");
        InstrumentSession other = rm.open("MOCK::oscilloscope::2")) {
      a.write(":TIM:SCAL 0.01");
      assertEquals("0.01", b.query(":TIMEBASE:SCALE?"));
      assertEquals("0.001", other.query(":TIM:SCAL?"), "another serial is another device");
    }
  }

  @Test
  void perChannelPropertiesAreIndependent() throws Exception {
    try (InstrumentSession s = rm.open("MOCK::oscilloscope")) {
      s.write(":CHAN2:SCAL 2");
      assertEquals("2.0", s.query(":CHANNEL2:SCALE?"));
      assertEquals("0.5", s.query(":CHAN1:SCAL?"));
      s.write(":CHAN9:SCAL 2");
      assertTrue(s.query("SYST:ERR?").startsWith("-114,"), "header suffix out of range");
    }
  }

  @Test
  void refusedValuesLeaveTheSettingAndQueueAnError() throws Exception {
    MockDevice device = provider.device("MOCK::oscilloscope");
    try (InstrumentSession s = rm.open("MOCK::oscilloscope")) {
      long changes = device.settingsChanged();
      s.write(":TRIG:SLOP SIDEWAYS");
      s.write(":TIM:SCAL fast");
      s.write(":TIM:SCAL");
      assertEquals(changes, device.settingsChanged());
      assertEquals("3", s.query("SYST:ERR:COUN?"));
      assertEquals("4", s.query("*STB?"), "error queue; no standard event enabled");
      s.write("*ESE 255");
      assertEquals("36", s.query("*STB?"), "error queue and enabled event status bits set");
      assertTrue(s.query("SYST:ERR?").startsWith("-224,"));
      assertTrue(s.query("SYST:ERR?").startsWith("-104,"));
      assertTrue(s.query("SYST:ERR?").startsWith("-109,"));
      assertEquals("0,\"No error\"", s.query("SYST:ERR?"));
      assertEquals("POS", device.setting("triggerSlope", 1));
    }
  }

  @Test
  void unknownHeaderIsUndefined() throws Exception {
    try (InstrumentSession s = rm.open("MOCK::oscilloscope")) {
      s.write(":FIRE:ZE:MISSILES");
      assertTrue(s.query("SYST:ERR?").startsWith("-113,\"Undefined header"));
    }
  }

  @Test
  void semicolonsAndNewlinesSeparateMessagesAsOnARealInstrument() throws Exception {
    // Why Instrument Managers must validate values before formatting them into SCPI.
    MockDevice device = provider.device("MOCK::oscilloscope");
    try (InstrumentSession s = rm.open("MOCK::oscilloscope")) {
      s.write(":TIM:SCAL 0.002;:CHAN1:SCAL 1");
      assertEquals("0.002;1.0", s.query(":TIM:SCAL?;:CHAN1:SCAL?"));
      s.write(":TIM:SCAL 0.004\n:CHAN1:SCAL 2");
      assertEquals("2.0", device.setting("scale", 1));
    }
  }

  @Test
  void staleReplyIsDroppedWhenANewMessageArrives() throws Exception {
    try (InstrumentSession s = rm.open("MOCK::oscilloscope")) {
      s.write("*IDN?");
      assertEquals("0.001", s.query(":TIM:SCAL?"));
      assertTrue(s.query("SYST:ERR?").startsWith("-410,"));
    }
  }

  @Test
  void triggeredTraceCrossesTheLevelAtTheCentre() throws Exception {
    try (InstrumentSession s = rm.open("MOCK::oscilloscope")) {
      s.write(":WAV:POIN 1000;:TRIG:LEV 0.5;:TRIG:SLOP POS;:CHAN1:SCAL 1");
      double[] v = doubles(s.queryBinaryBlock(":WAV:DATA?"));
      assertEquals(0.5, v[500], 0.15, "1.5 V sine with 20 mV noise, triggered at 0.5 V");
      assertTrue(v[520] > v[480], "rising slope");
      s.write(":TRIG:SLOP NEG");
      v = doubles(s.queryBinaryBlock(":WAV:DATA?"));
      assertEquals(0.5, v[500], 0.15);
      assertTrue(v[520] < v[480], "falling slope");
    }
  }

  @Test
  void samplesClipAtTheScreenEdges() throws Exception {
    try (InstrumentSession s = rm.open("MOCK::oscilloscope")) {
      s.write(":CHAN1:SCAL 0.1");
      double[] v = doubles(s.queryBinaryBlock(":WAV:DATA?"));
      double max = 0;
      for (double x : v) {
        max = Math.max(max, Math.abs(x));
      }
      assertEquals(0.4, max, 1e-12, "8 divisions of 0.1 V around 0 V");
    }
  }

  @Test
  void groundCouplingFlattensTheInput() throws Exception {
    try (InstrumentSession s = rm.open("MOCK::oscilloscope")) {
      s.write(":WAV:SOUR CHAN2;:CHAN2:COUP GND");
      for (double x : doubles(s.queryBinaryBlock(":WAV:DATA?"))) {
        assertEquals(0, x, 0.2);
      }
    }
  }

  @Test
  void singleAcquiresOnceThenHolds() throws Exception {
    MockDevice device = provider.device("MOCK::oscilloscope");
    try (InstrumentSession s = rm.open("MOCK::oscilloscope")) {
      s.write(":SINGLE");
      byte[] a = s.queryBinaryBlock(":WAV:DATA?");
      long acquisitions = device.acquisitions();
      assertEquals("STOP", s.query(":ACQ:STAT?"));
      assertArrayEquals(a, s.queryBinaryBlock(":WAV:DATA?"));
      assertEquals(acquisitions, device.acquisitions());
      s.write(":RUN");
      s.queryBinaryBlock(":WAV:DATA?");
      assertEquals(acquisitions + 1, device.acquisitions());
    }
  }

  @Test
  void resetRestoresDefaults() throws Exception {
    try (InstrumentSession s = rm.open("MOCK::oscilloscope")) {
      s.write(":TIM:SCAL 5;:AUT");
      assertEquals("5.0E-4", s.query(":TIM:SCAL?"));
      s.write("*RST");
      assertEquals("0.001", s.query(":TIM:SCAL?"));
    }
  }

  @Test
  void powerCutFailsWritesAndPowerOnRestoresDefaults() throws Exception {
    MockDevice device = provider.device("MOCK::oscilloscope");
    try (InstrumentSession s = rm.open("MOCK::oscilloscope")) {
      s.write(":TIM:SCAL 0.02");
      device.powerOff();
      InstrumentException e = assertThrows(InstrumentException.class, () -> s.write("*IDN?"));
      assertTrue(e.getMessage().contains("not reachable"));
      device.powerOn();
      assertEquals("0.001", s.query(":TIM:SCAL?"));
    }
  }

  @Test
  void hungDeviceTimesOut() throws Exception {
    MockDevice device = provider.device("MOCK::array");
    try (InstrumentSession s = rm.open("MOCK::array")) {
      s.setTimeout(Duration.ofMillis(50));
      device.setHung(true);
      assertThrows(InstrumentTimeoutException.class, () -> s.query("*IDN?"));
      device.setHung(false);
      assertTrue(s.query("*IDN?").contains("MockArray"));
    }
  }

  @Test
  void receivedMessagesAreLogged() throws Exception {
    MockDevice device = provider.device("MOCK::array");
    try (InstrumentSession s = rm.open("MOCK::array")) {
      s.write("POIN 10");
      assertEquals(List.of("POIN 10"), device.received());
    }
  }

  @Test
  void modelsLoadFromASearchDirectory(@TempDir Path dir) throws Exception {
    Properties p = new Properties();
    p.setProperty("identity", "ACME,DMM-1,42,0.1");
    p.setProperty("property.volts.type", "double");
    p.setProperty("property.volts.default", "1.5");
    p.setProperty("property.volts.get", "MEASure:VOLTage?");
    try (var out = Files.newBufferedWriter(dir.resolve("dmm.properties"))) {
      p.store(out, null);
    }
    try (ResourceManager own =
            new ResourceManager().register(new MockSessionProvider(List.of(dir)));
        InstrumentSession s = own.open("MOCK::dmm")) {
      assertEquals("ACME,DMM-1,42,0.1", s.query("*IDN?"));
      assertEquals("1.5", s.query("MEAS:VOLT?"));
    }
  }

  @Test
  void typosInModelFilesFailAtLoad() {
    Properties p = new Properties();
    p.setProperty("property.volts.typ", "double");
    IOException e = assertThrows(IOException.class, () -> MockDeviceDescription.parse("broken", p));
    assertTrue(e.getMessage().contains("unknown setting 'typ'"), e.getMessage());
  }

  @Test
  void unknownNamesInExpressionsFailAtLoad() {
    Properties p = new Properties();
    p.setProperty("property.scale.default", "1");
    p.setProperty("derived.step.expr", "scale / kodes");
    IOException e = assertThrows(IOException.class, () -> MockDeviceDescription.parse("broken", p));
    assertTrue(e.getMessage().contains("'kodes' in 'scale / kodes'"), e.getMessage());
    Properties q = new Properties();
    q.setProperty("reply.pre.query", "PRE?");
    q.setProperty("reply.pre.text", "{1 +}");
    e = assertThrows(IOException.class, () -> MockDeviceDescription.parse("broken", q));
    assertTrue(e.getMessage().contains("reply pre"), e.getMessage());
  }
}
