package org.instrumentelement.ial.mock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteOrder;
import org.instrumentelement.ial.InstrumentSession;
import org.instrumentelement.ial.ResourceManager;
import org.instrumentelement.ial.ieee4882.BinaryFormat;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The vendor-flavoured mock scopes and the DMM: each answers its own dialect, and its preamble
 * scales its codes back to the 1.5 V sine on channel 1.
 */
class VendorModelsTest {
  private final ResourceManager rm = new ResourceManager().register(new MockSessionProvider());

  @AfterEach
  void close() {
    rm.close();
  }

  private static double max(double[] v) {
    double m = Double.NEGATIVE_INFINITY;
    for (double x : v) {
      m = Math.max(m, x);
    }
    return m;
  }

  private static double[] split(String preamble, String separator) {
    String[] f = preamble.split(separator);
    double[] d = new double[f.length];
    for (int i = 0; i < f.length; i++) {
      try {
        d[i] = Double.parseDouble(f[i]);
      } catch (NumberFormatException e) {
        d[i] = Double.NaN;
      }
    }
    return d;
  }

  @Test
  void keysightSendsUnsignedCodesScaledByThePreamble() throws Exception {
    try (InstrumentSession s = rm.open("MOCK::keysight-scope")) {
      s.write(":WAVeform:SOURce CHAN1;:WAVeform:FORMat WORD;:WAVeform:POINts 2000;:STOP");
      double[] p = split(s.query(":WAVeform:PREamble?"), ",");
      assertEquals(1, p[0], "WORD");
      assertEquals(2000, p[2]);
      assertEquals(1e-3 * 10 / 2000, p[4], 1e-15);
      assertEquals(-5e-3, p[5], 1e-15);
      double[] codes =
          BinaryFormat.UINT16.decode(s.queryBinaryBlock(":WAVeform:DATA?"), ByteOrder.BIG_ENDIAN);
      assertEquals(2000, codes.length);
      double[] volts = new double[codes.length];
      for (int i = 0; i < codes.length; i++) {
        volts[i] = (codes[i] - p[9]) * p[7] + p[8];
      }
      assertEquals(1.5, max(volts), 0.1);
      s.write(":WAVeform:FORMat BYTE;:WAVeform:BYTeorder LSBF");
      assertEquals("+0", s.query(":WAVeform:PREamble?").split(",")[0]);
      assertEquals(2000, s.queryBinaryBlock(":WAVeform:DATA?").length);
      assertEquals("+0,\"No error\"", s.query(":SYSTem:ERRor?"));
    }
  }

  @Test
  void tektronixSendsSignedCodesDescribedByWfmOutpre() throws Exception {
    try (InstrumentSession s = rm.open("MOCK::tektronix-scope")) {
      s.write("HEADer OFF;:DATa:SOUrce CH1;ENCdg RIBINARY;WIDth 2");
      s.write("HORizontal:RECOrdlength 5000;:ACQuire:STATE STOP");
      String pre = s.query("WFMOutpre?");
      double[] p = split(pre, ";");
      assertEquals(2, p[0], pre);
      assertEquals(16, p[1], pre);
      assertEquals(5000, p[6], pre);
      double[] codes =
          BinaryFormat.INT16.decode(s.queryBinaryBlock("CURVe?"), ByteOrder.BIG_ENDIAN);
      assertEquals(5000, codes.length);
      double[] volts = new double[codes.length];
      for (int i = 0; i < codes.length; i++) {
        volts[i] = (codes[i] - p[15]) * p[14] + p[16];
      }
      assertEquals(1.5, max(volts), 0.1);
      assertTrue(pre.contains("\"Ch1, DC coupling"), pre);
      assertTrue(pre.startsWith("2;16;BINARY;RI;MSB;"), pre);
      assertTrue(pre.contains(";Y;LINEAR;\"s\";2.0000E-6;-5.0000E-3;0;\"V\";"), pre);
      s.write("DATa:ENCdg SRIbinary");
      assertEquals("LSB", s.query("WFMOutpre:BYT_Or?"));
      double[] swapped =
          BinaryFormat.INT16.decode(s.queryBinaryBlock("CURVe?"), ByteOrder.LITTLE_ENDIAN);
      assertEquals(codes[0], swapped[0], "the held trace, least significant byte first");
    }
  }

  @Test
  void rigolKeepsItsOriginInCodes() throws Exception {
    try (InstrumentSession s = rm.open("MOCK::rigol-ds1000z")) {
      s.write(":WAVeform:SOURce CHAN1;:WAVeform:MODE NORM;:WAVeform:FORMat BYTE");
      s.write(":CHANnel1:SCALe 0.5;:CHANnel1:OFFSet 0.25;:STOP");
      double[] p = split(s.query(":WAVeform:PREamble?"), ",");
      assertEquals(1200, p[2]);
      double[] codes =
          BinaryFormat.UINT8.decode(s.queryBinaryBlock(":WAVeform:DATA?"), ByteOrder.BIG_ENDIAN);
      assertEquals(1200, codes.length);
      double[] volts = new double[codes.length];
      for (int i = 0; i < codes.length; i++) {
        volts[i] = (codes[i] - p[8] - p[9]) * p[7];
      }
      assertEquals(1.5, max(volts), 0.1);
      assertEquals(1e-3 * 12 / 1200, p[4], 1e-15);
    }
  }

  @Test
  void rohdeSchwarzSendsFloatsWithAHeader() throws Exception {
    try (InstrumentSession s = rm.open("MOCK::rs-rtb")) {
      s.write("FORMat:DATA REAL,32;BORDer LSBF;:ACQuire:POINts 4000;:STOP");
      String header = s.query("CHANnel1:DATA:HEADer?");
      assertEquals("-6.000E-003,6.000E-003,4000,1", header, "12 divisions of 1 ms");
      double[] h = split(header, ",");
      assertEquals(-6e-3, h[0], 1e-15);
      assertEquals(6e-3, h[1], 1e-15);
      assertEquals(4000, h[2]);
      double[] volts =
          BinaryFormat.FLOAT32.decode(
              s.queryBinaryBlock("CHANnel1:DATA?"), ByteOrder.LITTLE_ENDIAN);
      assertEquals(4000, volts.length);
      assertEquals(1.5, max(volts), 0.1);
      double[] square =
          BinaryFormat.FLOAT32.decode(s.queryBinaryBlock("CHAN2:DATA?"), ByteOrder.LITTLE_ENDIAN);
      assertEquals(1.0, max(square), 0.1, "the channel comes from the header");
      assertEquals("REAL,32", s.query("FORMat?").replace("\"", ""));
    }
  }

  @Test
  void dmmReadsTheConfiguredFunction() throws Exception {
    try (InstrumentSession s = rm.open("MOCK::dmm")) {
      s.write("CONFigure:VOLTage:DC");
      assertEquals(1.23456, Double.parseDouble(s.query("READ?")), 1e-3);
      s.write("CONF:RES");
      assertEquals(1000.25, Double.parseDouble(s.query("READ?")), 0.1);
      assertEquals("\"RES\"", s.query("FUNCtion?"));
      assertEquals("+0,\"No error\"", s.query("SYST:ERR?"));
    }
  }
}
