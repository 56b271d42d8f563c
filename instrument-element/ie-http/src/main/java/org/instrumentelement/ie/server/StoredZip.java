package org.instrumentelement.ie.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * A zip file of whole files, laid out before a byte of it is sent: every entry stored (not
 * compressed; HDF5 of doubles hardly compresses), with its size and CRC-32 in its local header, so
 * that its length is known in advance and any byte range of it can be written on its own, the files
 * streamed from disk and never held in memory. Beyond 4 GiB or 65,535 entries it takes the ZIP64
 * records. The files must not change while it is sent (recording segments never do once complete).
 */
final class StoredZip implements RangedFile.Content {
  private static final long MAX32 = 0xFFFFFFFFL;
  private static final int MAX16 = 0xFFFF;

  /**
   * One file in the zip.
   *
   * @param name its name in the zip ({@code <recording>/segment-000001.h5})
   * @param file where it is read from
   * @param size its length
   * @param crc its CRC-32
   * @param modified its modification time
   */
  record Entry(String name, Path file, long size, long crc, Instant modified) {}

  /** A piece of the zip: a header (bytes) or a file's contents. */
  private interface Part {
    long length();

    void write(OutputStream out, long from, long length) throws IOException;
  }

  private record Bytes(byte[] bytes) implements Part {
    @Override
    public long length() {
      return bytes.length;
    }

    @Override
    public void write(OutputStream out, long from, long length) throws IOException {
      out.write(bytes, (int) from, (int) length);
    }
  }

  private record FileData(Path file, long size) implements Part {
    @Override
    public long length() {
      return size;
    }

    @Override
    public void write(OutputStream out, long from, long length) throws IOException {
      try (InputStream in = Files.newInputStream(file)) {
        in.skipNBytes(from);
        RecordingDownloadServlet.copy(in, out, length);
      }
    }
  }

  private final List<Part> parts = new ArrayList<>();
  private final long length;

  StoredZip(List<Entry> entries) {
    List<byte[]> central = new ArrayList<>();
    long offset = 0;
    for (Entry e : entries) {
      byte[] local = localHeader(e);
      central.add(centralHeader(e, offset));
      parts.add(new Bytes(local));
      parts.add(new FileData(e.file(), e.size()));
      offset += local.length + e.size();
    }
    long centralStart = offset;
    long centralSize = 0;
    for (byte[] c : central) {
      parts.add(new Bytes(c));
      centralSize += c.length;
    }
    parts.add(new Bytes(end(entries.size(), centralStart, centralSize)));
    length = parts.stream().mapToLong(Part::length).sum();
  }

  @Override
  public long size() {
    return length;
  }

  @Override
  public void write(OutputStream out, long first, long count) throws IOException {
    long at = 0;
    long end = first + count;
    for (Part p : parts) {
      long partEnd = at + p.length();
      if (partEnd > first && at < end) {
        long from = Math.max(first, at) - at;
        long to = Math.min(end, partEnd) - at;
        p.write(out, from, to - from);
      }
      at = partEnd;
      if (at >= end) {
        break;
      }
    }
  }

  private static byte[] localHeader(Entry e) {
    byte[] name = e.name().getBytes(StandardCharsets.UTF_8);
    boolean big = e.size() >= MAX32;
    ByteBuffer b = buffer(30 + name.length + (big ? 20 : 0));
    b.putInt(0x04034b50);
    b.putShort((short) (big ? 45 : 10)); // version needed
    b.putShort((short) 0x0800); // names in UTF-8
    b.putShort((short) 0); // stored
    putDosTime(b, e.modified());
    b.putInt((int) e.crc());
    b.putInt((int) (big ? MAX32 : e.size()));
    b.putInt((int) (big ? MAX32 : e.size()));
    b.putShort((short) name.length);
    b.putShort((short) (big ? 20 : 0));
    b.put(name);
    if (big) {
      b.putShort((short) 0x0001).putShort((short) 16).putLong(e.size()).putLong(e.size());
    }
    return b.array();
  }

  private static byte[] centralHeader(Entry e, long offset) {
    byte[] name = e.name().getBytes(StandardCharsets.UTF_8);
    boolean bigSize = e.size() >= MAX32;
    boolean bigOffset = offset >= MAX32;
    int extra = (bigSize || bigOffset) ? 4 + (bigSize ? 16 : 0) + (bigOffset ? 8 : 0) : 0;
    ByteBuffer b = buffer(46 + name.length + extra);
    b.putInt(0x02014b50);
    b.putShort((short) 45); // made by
    b.putShort((short) (extra > 0 ? 45 : 10)); // needed
    b.putShort((short) 0x0800);
    b.putShort((short) 0);
    putDosTime(b, e.modified());
    b.putInt((int) e.crc());
    b.putInt((int) (bigSize ? MAX32 : e.size()));
    b.putInt((int) (bigSize ? MAX32 : e.size()));
    b.putShort((short) name.length);
    b.putShort((short) extra);
    b.putShort((short) 0); // comment
    b.putShort((short) 0); // disk
    b.putShort((short) 0); // internal attributes
    b.putInt(0); // external attributes
    b.putInt((int) (bigOffset ? MAX32 : offset));
    b.put(name);
    if (extra > 0) {
      b.putShort((short) 0x0001).putShort((short) (extra - 4));
      if (bigSize) {
        b.putLong(e.size()).putLong(e.size());
      }
      if (bigOffset) {
        b.putLong(offset);
      }
    }
    return b.array();
  }

  private static byte[] end(int entries, long centralStart, long centralSize) {
    boolean zip64 = entries >= MAX16 || centralStart >= MAX32 || centralSize >= MAX32;
    ByteBuffer b = buffer((zip64 ? 56 + 20 : 0) + 22);
    if (zip64) {
      long recordAt = centralStart + centralSize;
      b.putInt(0x06064b50).putLong(44).putShort((short) 45).putShort((short) 45);
      b.putInt(0).putInt(0).putLong(entries).putLong(entries);
      b.putLong(centralSize).putLong(centralStart);
      b.putInt(0x07064b50).putInt(0).putLong(recordAt).putInt(1);
    }
    b.putInt(0x06054b50).putShort((short) 0).putShort((short) 0);
    short count = (short) (zip64 ? MAX16 : entries);
    b.putShort(count).putShort(count);
    b.putInt((int) (zip64 ? MAX32 : centralSize));
    b.putInt((int) (zip64 ? MAX32 : centralStart));
    b.putShort((short) 0);
    return b.array();
  }

  private static ByteBuffer buffer(int size) {
    return ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
  }

  /** MS-DOS time and date (UTC, two-second steps, from 1980). */
  private static void putDosTime(ByteBuffer b, Instant t) {
    LocalDateTime d = LocalDateTime.ofInstant(t, ZoneOffset.UTC);
    if (d.getYear() < 1980) {
      d = LocalDateTime.of(1980, 1, 1, 0, 0);
    }
    b.putShort((short) ((d.getHour() << 11) | (d.getMinute() << 5) | (d.getSecond() / 2)));
    b.putShort(
        (short) (((d.getYear() - 1980) << 9) | (d.getMonthValue() << 5) | d.getDayOfMonth()));
  }
}
