package org.instrumentelement.ie.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Enumeration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stored zip of a recording's segments: a zip that the JDK reads both ways (its central
 * directory and entry by entry), whose length is known before it is written, and any range of which
 * is the same bytes as that range of the whole.
 */
class StoredZipTest {
  @TempDir Path dir;
  private final SegmentChecksums checksums = new SegmentChecksums();

  private StoredZip.Entry entry(String name, Path file) throws IOException {
    BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
    return new StoredZip.Entry(
        name, file, a.size(), checksums.crc(file, a), a.lastModifiedTime().toInstant());
  }

  private static byte[] bytes(StoredZip zip, long first, long length) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    zip.write(out, first, length);
    return out.toByteArray();
  }

  @Test
  void theZipHoldsTheFilesAndAnyRangeIsPartOfTheWhole() throws Exception {
    Random random = new Random(16);
    List<StoredZip.Entry> entries = new ArrayList<>();
    List<byte[]> contents = new ArrayList<>();
    for (int i = 1; i <= 3; i++) {
      byte[] b = new byte[i == 2 ? 0 : 100_000 * i + 13];
      random.nextBytes(b);
      Path f = Files.write(dir.resolve("segment-00000" + i + ".h5"), b);
      contents.add(b);
      entries.add(entry("rec/segment-00000" + i + ".h5", f));
    }
    StoredZip zip = new StoredZip(entries);
    byte[] whole = bytes(zip, 0, zip.size());
    assertEquals(zip.size(), whole.length);

    Path file = Files.write(dir.resolve("whole.zip"), whole);
    try (ZipFile z = new ZipFile(file.toFile())) {
      Enumeration<? extends ZipEntry> e = z.entries();
      for (int i = 0; i < 3; i++) {
        ZipEntry ze = e.nextElement();
        assertEquals(entries.get(i).name(), ze.getName());
        assertEquals(ZipEntry.STORED, ze.getMethod());
        try (InputStream in = z.getInputStream(ze)) {
          assertArrayEquals(contents.get(i), in.readAllBytes());
        }
      }
    }
    assertEquals("3 OK", pythonZipfile(file), "Python's zipfile reads it");
    try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(whole))) {
      for (int i = 0; i < 3; i++) {
        assertEquals(entries.get(i).name(), in.getNextEntry().getName());
        assertArrayEquals(contents.get(i), in.readAllBytes());
      }
    }
    for (long first : new long[] {0, 1, 29, 30, 100_000, 100_050, whole.length - 22, 400_000}) {
      for (long length : new long[] {1, 17, 100_013, whole.length}) {
        long n = Math.min(length, whole.length - first);
        assertArrayEquals(
            Arrays.copyOfRange(whole, (int) first, (int) (first + n)),
            bytes(zip, first, n),
            first + "+" + n);
      }
    }
  }

  @Test
  void beyond65535EntriesItTakesTheZip64Records() throws Exception {
    Path f = Files.write(dir.resolve("s.h5"), new byte[] {1, 2, 3});
    StoredZip.Entry one = entry("x", f);
    List<StoredZip.Entry> entries = new ArrayList<>();
    for (int i = 0; i < 70_000; i++) {
      entries.add(new StoredZip.Entry("r/" + i, f, one.size(), one.crc(), one.modified()));
    }
    StoredZip zip = new StoredZip(entries);
    Path file = dir.resolve("many.zip");
    try (var out = Files.newOutputStream(file)) {
      zip.write(out, 0, zip.size());
    }
    assertEquals(zip.size(), Files.size(file));
    assertEquals("70000 OK", pythonZipfile(file), "Python's zipfile reads the ZIP64 records");
    try (ZipFile z = new ZipFile(file.toFile())) {
      assertEquals(70_000, z.size());
      try (InputStream in = z.getInputStream(z.getEntry("r/69999"))) {
        assertArrayEquals(new byte[] {1, 2, 3}, in.readAllBytes());
      }
    }
  }

  /** Python's zipfile (no IE code) checks every entry's CRC: the entry count and OK. */
  private static String pythonZipfile(Path zip) throws Exception {
    Process p =
        new ProcessBuilder(
                "/usr/bin/python3",
                "-c",
                "import sys, zipfile\n"
                    + "z = zipfile.ZipFile(sys.argv[1])\n"
                    + "bad = z.testzip()\n"
                    + "print(len(z.namelist()), 'OK' if bad is None else 'BAD ' + bad)",
                zip.toString())
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "python3 did not finish");
    return out;
  }
}
