package org.instrumentelement.ial.mock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import javax.imageio.ImageIO;
import org.instrumentelement.ial.InstrumentSession;
import org.instrumentelement.ial.ResourceManager;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The Keysight scope's setup transfer and screen picture, as its example programs use them. */
class SetupAndScreenTest {
  private final ResourceManager rm = new ResourceManager().register(new MockSessionProvider());

  @AfterEach
  void close() {
    rm.close();
  }

  @Test
  void aSetupRestoresEverySettingAndADamagedOneNone() throws Exception {
    try (InstrumentSession s = rm.open("MOCK::keysight-scope::setup")) {
      s.write(":CHAN3:SCAL 0.2;:CHAN3:COUP AC;:TIM:SCAL 2E-3;:WAV:FORM WORD;:STOP");
      byte[] setup = s.queryBinaryBlock(":SYST:SET?");
      s.write("*RST");
      byte[] damaged = setup.clone();
      damaged[20] ^= 1;
      s.writeBinaryBlock(":SYST:SET", damaged);
      assertTrue(s.query(":SYST:ERR?").startsWith("-224,"));
      assertEquals("+1.00000000E-003", s.query(":TIM:SCAL?"), "nothing restored");
      s.writeBinaryBlock(":SYST:SET", setup);
      assertEquals("+0,\"No error\"", s.query(":SYST:ERR?"));
      assertEquals("+2.00000000E-001", s.query(":CHAN3:SCAL?"));
      assertEquals("AC", s.query(":CHAN3:COUP?"));
      assertEquals("+2.00000000E-003", s.query(":TIM:SCAL?"));
      assertEquals("WORD", s.query(":WAV:FORM?"));
      s.write(":SYST:SET \"not a block\"");
      assertTrue(s.query(":SYST:ERR?").startsWith("-104,"));
    }
    try (InstrumentSession other = rm.open("MOCK::oscilloscope::setup")) {
      byte[] foreign = other.queryBinaryBlock(":SYST:SET?");
      try (InstrumentSession s = rm.open("MOCK::keysight-scope::setup")) {
        s.writeBinaryBlock(":SYST:SET", foreign);
        assertTrue(s.query(":SYST:ERR?").contains("oscilloscope"), "another model's setup");
      }
    }
  }

  @Test
  void theScreenIsAnImageWithTheShownTracesDrawn() throws Exception {
    try (InstrumentSession s = rm.open("MOCK::keysight-scope::screen")) {
      s.write(":HARD:INKS OFF;:CHAN2:DISP OFF;:CHAN3:DISP OFF;:CHAN4:DISP OFF");
      BufferedImage png =
          ImageIO.read(new ByteArrayInputStream(s.queryBinaryBlock(":DISP:DATA? PNG,COL")));
      assertEquals(800, png.getWidth());
      Set<Integer> colours = colours(png);
      assertTrue(colours.contains(0xF2E61B), "channel 1's trace in its yellow");
      assertTrue(!colours.contains(0x2ED14B), "channel 2 is not shown");
      s.write(":CHAN2:DISP ON");
      assertTrue(
          colours(ImageIO.read(new ByteArrayInputStream(s.queryBinaryBlock(":DISP:DATA? PNG"))))
              .contains(0x2ED14B));
      byte[] bmp = s.queryBinaryBlock(":DISPlay:DATA?");
      assertEquals(
          "BM", new String(bmp, 0, 2, StandardCharsets.ISO_8859_1), "BMP unless a format is named");
      BufferedImage gray =
          ImageIO.read(new ByteArrayInputStream(s.queryBinaryBlock(":DISP:DATA? PNG,GRAY")));
      for (int rgb : colours(gray)) {
        assertTrue(((rgb >> 16) & 0xff) == (rgb & 0xff), "grey: " + Integer.toHexString(rgb));
      }
      s.write(":HARD:INKS ON");
      BufferedImage inked =
          ImageIO.read(new ByteArrayInputStream(s.queryBinaryBlock(":DISP:DATA? PNG")));
      assertEquals(0xEFEFEF, inked.getRGB(5, 5) & 0xFFFFFF, "ink saver: a light background");
      s.write(":DISP:DATA? GIF");
      assertTrue(s.query(":SYST:ERR?").startsWith("-224,"), "no GIF on this scope");
    }
  }

  @Test
  void rigolAnswersTheScreenAndTheWaveformInBlocksWithANineDigitHeader() throws Exception {
    MockDevice scope = new MockSessionProvider().device("MOCK::rigol-ds1000z::tmc");
    byte[] bmp = scope.handle(":DISPlay:DATA?").bytes();
    assertEquals(
        "#9001152054BM", new String(bmp, 0, 13, StandardCharsets.ISO_8859_1), "as the guide shows");
    assertEquals(11 + 1152054 + 1, bmp.length);
    byte[] png = scope.handle(":DISP:DATA? ON,OFF,PNG").bytes();
    BufferedImage normal =
        ImageIO.read(new ByteArrayInputStream(Arrays.copyOfRange(png, 11, png.length - 1)));
    assertEquals(0x101010, normal.getRGB(5, 5) & 0xFFFFFF);
    scope.handle(":STORage:IMAGe:INVERT ON");
    byte[] inverted = scope.handle(":DISP:DATA? ON,1,PNG").bytes();
    assertEquals(
        0xEFEFEF,
        ImageIO.read(
                    new ByteArrayInputStream(Arrays.copyOfRange(inverted, 11, inverted.length - 1)))
                .getRGB(5, 5)
            & 0xFFFFFF);
    byte[] gray = scope.handle(":DISP:DATA? OFF,OFF,PNG").bytes();
    for (int rgb :
        colours(
            ImageIO.read(
                new ByteArrayInputStream(Arrays.copyOfRange(gray, 11, gray.length - 1))))) {
      assertEquals((rgb >> 16) & 0xff, rgb & 0xff, "OFF: no colours");
    }
    byte[] wave = scope.handle(":WAV:FORM BYTE;:WAV:DATA?").bytes();
    assertEquals("#9000001200", new String(wave, 0, 11, StandardCharsets.ISO_8859_1));
    String ascii = new String(scope.handle(":WAV:FORM ASC;:WAV:DATA?").bytes(), "ISO-8859-1");
    assertTrue(ascii.startsWith("#9"), ascii.substring(0, 11));
    for (String v : ascii.substring(11).trim().split(",")) {
      assertTrue(v.matches("-?\\d\\.\\d{6}e[-+]\\d\\d"), v);
    }
  }

  private static Set<Integer> colours(BufferedImage image) {
    Set<Integer> out = new HashSet<>();
    for (int y = 0; y < image.getHeight(); y++) {
      for (int x = 0; x < image.getWidth(); x++) {
        out.add(image.getRGB(x, y) & 0xFFFFFF);
      }
    }
    return out;
  }
}
