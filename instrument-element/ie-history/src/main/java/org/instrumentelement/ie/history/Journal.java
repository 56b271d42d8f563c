package org.instrumentelement.ie.history;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.CRC32;
import org.instrumentelement.ial.trace.ScaledCodes;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The archive's write-ahead journal: every sample and gap as a record, appended to memory and
 * written and forced to disk every flush interval, so that a kill loses at most that interval. The
 * journal is a series of generation files ({@code journal-000000000001.log}); each declares the
 * series it names, so it stands alone. A generation is deleted once every sample in it is in a
 * written segment.
 *
 * <p>A record is {@code [int length][int CRC-32 of the payload][payload]}; reading stops at the
 * first record that is cut short or does not match its CRC (the end of a journal a kill cut). A
 * vector of codes is a record of its own ({@link #VECTOR_CODES}: width, scale, offset, special
 * codes, the codes' little-endian bytes), which an IE from before codes skips as unknown.
 */
final class Journal implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Journal.class);
  static final byte DECLARE = 0;
  static final byte SAMPLE = 1;
  static final byte VECTOR = 2;
  static final byte GAP_OPEN = 3;
  static final byte GAP_CLOSE = 4;
  static final byte ALIVE = 5;
  static final byte VECTOR_CODES = 6;

  /** What replaying a journal hands back. */
  interface Replay {
    void sample(long generation, SeriesId series, boolean vector, Sample s);

    void gapOpen(SeriesId series, long time, Gap.Reason reason);

    void gapClose(SeriesId series, long time);

    /** The latest time the IE was known alive (an ALIVE record, or any sample). */
    void alive(long time);
  }

  private final Path dir;
  private final Object lock = new Object();
  private ByteArrayOutputStream pending = new ByteArrayOutputStream(64 * 1024);
  private final DataOutputStream out = new DataOutputStream(new NoCopyBuffer());
  private final Map<SeriesId, Integer> declared = new HashMap<>();
  private long generation;
  private FileChannel channel;
  private final CRC32 crc = new CRC32();

  /** Writes records into {@link #pending} through a reusable payload buffer. */
  private final class NoCopyBuffer extends java.io.OutputStream {
    @Override
    public void write(int b) {
      payload.write(b);
    }

    @Override
    public void write(byte[] b, int off, int len) {
      payload.write(b, off, len);
    }
  }

  private final ByteArrayOutputStream payload = new ByteArrayOutputStream(256);

  Journal(Path dir) throws IOException {
    this.dir = dir;
    Files.createDirectories(dir);
  }

  /** The generations on disk, oldest first. */
  List<Long> generations() throws IOException {
    List<Long> out = new ArrayList<>();
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "journal-*.log")) {
      for (Path f : files) {
        String n = f.getFileName().toString();
        try {
          out.add(Long.parseLong(n.substring(8, n.length() - 4)));
        } catch (NumberFormatException e) {
          // not ours
        }
      }
    }
    out.sort(null);
    return out;
  }

  /** Reads every generation on disk into {@code replay}. */
  void replay(Replay replay) throws IOException {
    for (long g : generations()) {
      replay(g, file(g), replay);
    }
  }

  private static void replay(long generation, Path file, Replay replay) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    ByteBuffer b = ByteBuffer.wrap(bytes);
    Map<Integer, SeriesId> series = new HashMap<>();
    Map<Integer, Boolean> vectors = new HashMap<>();
    CRC32 crc = new CRC32();
    int records = 0;
    while (b.remaining() >= 8) {
      int length = b.getInt();
      int expected = b.getInt();
      if (length < 1 || length > b.remaining()) {
        break;
      }
      crc.reset();
      crc.update(bytes, b.position(), length);
      if ((int) crc.getValue() != expected) {
        break;
      }
      ByteBuffer r = b.slice(b.position(), length);
      b.position(b.position() + length);
      records++;
      byte type = r.get();
      switch (type) {
        case DECLARE -> {
          int no = r.getInt();
          boolean vector = r.get() != 0;
          series.put(no, new SeriesId(text(r), text(r)));
          vectors.put(no, vector);
        }
        case SAMPLE, VECTOR, VECTOR_CODES -> {
          SeriesId id = series.get(r.getInt());
          long time = r.getLong();
          long seq = r.getLong();
          int quality = r.get();
          long provenance = r.getLong();
          Sample s;
          if (type == SAMPLE) {
            s = Sample.scalar(time, seq, quality, provenance, r.getDouble());
          } else if (type == VECTOR) {
            double[] v = new double[r.getInt()];
            r.asDoubleBuffer().get(v);
            s = Sample.vector(time, seq, quality, provenance, v);
          } else {
            s = Sample.codes(time, seq, quality, provenance, readCodes(r));
          }
          if (id != null) {
            replay.sample(generation, id, type != SAMPLE, s);
            replay.alive(time);
          }
        }
        case GAP_OPEN -> {
          SeriesId id = series.get(r.getInt());
          long time = r.getLong();
          int reason = r.get();
          if (id != null && reason >= 0 && reason < Gap.Reason.values().length) {
            replay.gapOpen(id, time, Gap.Reason.values()[reason]);
          }
        }
        case GAP_CLOSE -> {
          SeriesId id = series.get(r.getInt());
          long time = r.getLong();
          if (id != null) {
            replay.gapClose(id, time);
          }
        }
        case ALIVE -> replay.alive(r.getLong());
        default -> {
          // an unknown record type: a newer IE wrote it; skip it
        }
      }
    }
    if (b.remaining() > 0) {
      LOG.warn(
          "history journal {}: the last {} bytes after {} records are incomplete (the IE was"
              + " stopped while writing them); they are ignored",
          file.getFileName(),
          b.remaining(),
          records);
    }
  }

  private static ScaledCodes readCodes(ByteBuffer r) {
    ScaledCodes.Width width = r.get() == 1 ? ScaledCodes.Width.INT8 : ScaledCodes.Width.INT16;
    double scale = r.getDouble();
    double offset = r.getDouble();
    int present = r.get();
    Integer nan = (present & 1) != 0 ? (int) r.getShort() : null;
    Integer low = (present & 2) != 0 ? (int) r.getShort() : null;
    Integer high = (present & 4) != 0 ? (int) r.getShort() : null;
    byte[] codes = new byte[r.getInt()];
    r.get(codes);
    return ScaledCodes.of(width, codes, scale, offset).withSpecialCodes(nan, low, high);
  }

  private static String text(ByteBuffer r) {
    byte[] s = new byte[r.getShort() & 0xffff];
    r.get(s);
    return new String(s, StandardCharsets.UTF_8);
  }

  /** Starts a new generation after every one on disk; returns its number. */
  long start() throws IOException {
    List<Long> on = generations();
    return rotate(on.isEmpty() ? 1 : on.get(on.size() - 1) + 1);
  }

  /** The generation records go to now. */
  long generation() {
    synchronized (lock) {
      return generation;
    }
  }

  /** Writes what is pending, then starts generation {@code next}. */
  long rotate(long next) throws IOException {
    synchronized (lock) {
      flushLocked();
      if (channel != null) {
        channel.close();
      }
      channel =
          FileChannel.open(
              file(next),
              StandardOpenOption.CREATE,
              StandardOpenOption.WRITE,
              StandardOpenOption.APPEND);
      generation = next;
      declared.clear();
      return next;
    }
  }

  void sample(SeriesId series, boolean vector, Sample s) {
    synchronized (lock) {
      int no = declare(series, vector);
      payload.reset();
      try {
        ScaledCodes codes = s.codes();
        out.writeByte(codes != null ? VECTOR_CODES : vector ? VECTOR : SAMPLE);
        out.writeInt(no);
        out.writeLong(s.timeMicros());
        out.writeLong(s.sequence());
        out.writeByte(s.quality());
        out.writeLong(s.provenance());
        if (codes != null) {
          writeCodes(codes);
        } else if (vector) {
          out.writeInt(s.vector().length);
          for (double d : s.vector()) {
            out.writeDouble(d);
          }
        } else {
          out.writeDouble(s.value());
        }
      } catch (IOException e) {
        throw new IllegalStateException("writing to memory failed", e);
      }
      frame();
    }
  }

  void gapOpen(SeriesId series, boolean vector, long time, Gap.Reason reason) {
    synchronized (lock) {
      int no = declare(series, vector);
      payload.reset();
      try {
        out.writeByte(GAP_OPEN);
        out.writeInt(no);
        out.writeLong(time);
        out.writeByte(reason.ordinal());
      } catch (IOException e) {
        throw new IllegalStateException("writing to memory failed", e);
      }
      frame();
    }
  }

  void gapClose(SeriesId series, boolean vector, long time) {
    synchronized (lock) {
      int no = declare(series, vector);
      payload.reset();
      try {
        out.writeByte(GAP_CLOSE);
        out.writeInt(no);
        out.writeLong(time);
      } catch (IOException e) {
        throw new IllegalStateException("writing to memory failed", e);
      }
      frame();
    }
  }

  private int declare(SeriesId series, boolean vector) {
    Integer no = declared.get(series);
    if (no != null) {
      return no;
    }
    int n = declared.size() + 1;
    declared.put(series, n);
    payload.reset();
    try {
      out.writeByte(DECLARE);
      out.writeInt(n);
      out.writeByte(vector ? 1 : 0);
      writeText(series.im());
      writeText(series.attribute());
    } catch (IOException e) {
      throw new IllegalStateException("writing to memory failed", e);
    }
    frame();
    return n;
  }

  private void writeCodes(ScaledCodes c) throws IOException {
    out.writeByte(c.width().bytes());
    out.writeDouble(c.scale());
    out.writeDouble(c.offset());
    Integer[] special = {c.nanCode(), c.clipLowCode(), c.clipHighCode()};
    int present = 0;
    for (int k = 0; k < special.length; k++) {
      present |= special[k] != null ? 1 << k : 0;
    }
    out.writeByte(present);
    for (Integer code : special) {
      if (code != null) {
        out.writeShort(code);
      }
    }
    byte[] le = c.littleEndianBytes();
    out.writeInt(le.length);
    out.write(le);
  }

  private void writeText(String s) throws IOException {
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    out.writeShort(b.length);
    out.write(b);
  }

  /** Moves the payload into the pending records with its length and CRC. */
  private void frame() {
    byte[] p = payload.toByteArray();
    crc.reset();
    crc.update(p);
    int length = p.length;
    int c = (int) crc.getValue();
    pending.write(length >>> 24);
    pending.write(length >>> 16);
    pending.write(length >>> 8);
    pending.write(length);
    pending.write(c >>> 24);
    pending.write(c >>> 16);
    pending.write(c >>> 8);
    pending.write(c);
    pending.write(p, 0, p.length);
  }

  /** How many bytes wait to be written. */
  int pendingBytes() {
    synchronized (lock) {
      return pending.size();
    }
  }

  /**
   * Writes the pending records with an ALIVE mark and forces them to disk.
   *
   * @param now the time of the mark (microseconds since the epoch)
   * @throws IOException when the disk refuses them (full): they are lost
   */
  void flush(long now) throws IOException {
    synchronized (lock) {
      payload.reset();
      out.writeByte(ALIVE);
      out.writeLong(now);
      frame();
      flushLocked();
    }
  }

  private void flushLocked() throws IOException {
    if (pending.size() == 0 || channel == null) {
      return;
    }
    ByteBuffer b = ByteBuffer.wrap(pending.toByteArray());
    pending = new ByteArrayOutputStream(64 * 1024);
    long start = channel.size();
    try {
      while (b.hasRemaining()) {
        channel.write(b);
      }
      channel.force(false);
    } catch (IOException e) {
      // A full disk: take back the part written, so that what follows stays readable.
      try {
        channel.truncate(start);
      } catch (IOException again) {
        e.addSuppressed(again);
      }
      throw e;
    }
  }

  /** Deletes every generation older than {@code keepFrom}. */
  void deleteBefore(long keepFrom) throws IOException {
    for (long g : generations()) {
      if (g < keepFrom && g != generation()) {
        Files.deleteIfExists(file(g));
      }
    }
  }

  private Path file(long g) {
    return dir.resolve(String.format("journal-%012d.log", g));
  }

  @Override
  public void close() throws IOException {
    synchronized (lock) {
      try {
        flushLocked();
      } finally {
        if (channel != null) {
          channel.close();
          channel = null;
        }
      }
    }
  }

  /** For tests: the generation files present. */
  TreeMap<Long, Path> files() throws IOException {
    TreeMap<Long, Path> out = new TreeMap<>();
    for (long g : generations()) {
      out.put(g, file(g));
    }
    return out;
  }
}
