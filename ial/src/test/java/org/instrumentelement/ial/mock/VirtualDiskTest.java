package org.instrumentelement.ial.mock;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import javax.imageio.ImageIO;
import org.instrumentelement.ial.InstrumentSession;
import org.instrumentelement.ial.ResourceManager;
import org.instrumentelement.ial.scpi.device.ScpiErrorException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The files a simulated instrument keeps: pictures of its screen saved, read back and deleted as
 * the Tektronix and Rohde &amp; Schwarz example programs do.
 */
class VirtualDiskTest {
  private final MockSessionProvider mocks = new MockSessionProvider();
  private final ResourceManager rm = new ResourceManager().register(mocks);

  @AfterEach
  void close() {
    rm.close();
  }

  @Test
  void pathsAreTakenInTheDirectoryAndComparedInAnyCaseWithEitherSlash() throws Exception {
    assertEquals("/INT/Dev_Screenshot.png", VirtualDisk.path("/INT/", "Dev_Screenshot.png"));
    assertEquals("C:/a.png", VirtualDisk.path("/INT/", "C:\\a.png"), "a drive is a root");
    assertEquals("/USB/a.png", VirtualDisk.path("/INT", "/USB/a.png"));
    assertEquals("a.png", VirtualDisk.path(null, "a.png"));
    VirtualDisk disk = new VirtualDisk();
    disk.write("C:/Shot.PNG", new byte[] {1, 2});
    assertArrayEquals(new byte[] {1, 2}, disk.read("c:/shot.png"));
    assertThrows(ScpiErrorException.class, () -> VirtualDisk.path("C:/", ""));
    assertThrows(ScpiErrorException.class, () -> VirtualDisk.path("C:/", "x".repeat(300)));
  }

  @Test
  void theDiskIsBoundedAndAMissingFileIsMinus256() throws Exception {
    VirtualDisk disk = new VirtualDisk();
    for (int i = 0; i < VirtualDisk.MAX_FILES; i++) {
      disk.write("/f" + i, new byte[10]);
    }
    disk.write("/f0", new byte[20]); // replacing one is no new file
    ScpiErrorException full =
        assertThrows(ScpiErrorException.class, () -> disk.write("/one-more", new byte[1]));
    assertEquals(-254, full.error().code());
    assertThrows(
        ScpiErrorException.class,
        () -> disk.write("/f1", new byte[(int) VirtualDisk.MAX_BYTES]),
        "nor larger than the disk");
    disk.delete("/f1");
    assertEquals(VirtualDisk.MAX_FILES - 1, disk.size());
    assertEquals(
        -256, assertThrows(ScpiErrorException.class, () -> disk.read("/f1")).error().code());
    assertEquals(
        -256, assertThrows(ScpiErrorException.class, () -> disk.delete("/f1")).error().code());
  }

  @Test
  void tektronixSavesAPictureThatReadFileSendsWithoutABlockHeader() throws Exception {
    MockDevice scope = mocks.device("MOCK::tektronix-scope::disk");
    scope.handle("SAVe:IMAGe:COMPosition INVErted");
    scope.handle("SAVE:IMAGe \"C:\\MyScreenFrame0.png\"");
    byte[] reply = scope.handle("FILESystem:READFile 'c:/myscreenframe0.PNG'").bytes();
    assertEquals('\n', reply[reply.length - 1], "the newline that ends every reply");
    byte[] png = Arrays.copyOf(reply, reply.length - 1);
    assertEquals("\u0089PNG", new String(png, 0, 4, StandardCharsets.ISO_8859_1));
    BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
    assertEquals(0xEFEFEF, image.getRGB(5, 5) & 0xFFFFFF, "inverted: a light background");
    scope.handle("*RST");
    scope.handle("SAVE:IMAGE 'screen.bmp'");
    byte[] bmp = scope.handle("FILES:READF \"C:/screen.bmp\"").bytes();
    assertEquals("BM", new String(bmp, 0, 2, StandardCharsets.ISO_8859_1), "in C:/ after *RST");
    assertTrue(
        new String(scope.handle("FILES:READF 'c:/MyScreenFrame0.png'").bytes(), 1, 3, "ASCII")
            .equals("PNG"),
        "files outlive *RST");
    scope.handle("FILESystem:DELEte \"C:/MyScreenFrame0.png\"");
    assertEquals("0", ask(scope, "*ESR?"));
    assertEquals(false, scope.handle("FILES:READF 'C:/MyScreenFrame0.png'").hasData());
    scope.handle("SAVE:IMAGe \"C:/screen.gif\"");
    scope.handle("SAVE:IMAGe C:/screen.png");
    assertEquals("48", ask(scope, "*ESR?"), "-256 and -257, then a command error");
    String events = ask(scope, "ALLEv?");
    assertTrue(events.startsWith("256,") && events.contains(",257,"), events);
  }

  @Test
  void rohdeSchwarzSavesIntoMmemNameAndWillNotOverwrite() throws Exception {
    try (InstrumentSession s = rm.open("MOCK::rs-rtb::disk")) {
      s.write("MMEM:CDIR '/INT/';:MMEM:DEL 'Dev_Screenshot.png'");
      assertTrue(s.query("SYST:ERR?").startsWith("-256,\"File name not found"));
      s.write("HCOP:LANG PNG;:MMEM:NAME 'Dev_Screenshot'");
      s.write("HCOP:IMM");
      assertEquals("1", s.query("*OPC?"));
      byte[] png = s.queryBinaryBlock("MMEM:DATA? 'Dev_Screenshot.png'");
      assertEquals(800, ImageIO.read(new ByteArrayInputStream(png)).getWidth());
      assertArrayEquals(png, s.queryBinaryBlock("MMEM:DATA? '/int/dev_screenshot.png'"));
      s.write("HCOP:IMM");
      assertTrue(s.query("SYST:ERR?").startsWith("-200,"), "the example deletes the file first");
      s.write("MMEM:DEL 'Dev_Screenshot.png';:HCOP:LANG BMP;:HCOP:IMM");
      assertEquals("0,\"No error\"", s.query("SYST:ERR?"));
      byte[] bmp = s.queryBinaryBlock("MMEM:DATA? 'Dev_Screenshot.bmp'");
      assertEquals("BM", new String(bmp, 0, 2, StandardCharsets.ISO_8859_1));
      assertEquals(
          "GIF8",
          new String(
              s.queryBinaryBlock("HCOP:LANG GIF;:HCOP:DATA?"), 0, 4, StandardCharsets.ISO_8859_1));
      assertEquals("0,\"No error\"", s.query("SYST:ERR?"));
    }
  }

  private static String ask(MockDevice d, String query) {
    byte[] reply = d.handle(query).bytes();
    return new String(reply, 0, reply.length - 1, StandardCharsets.ISO_8859_1);
  }
}
