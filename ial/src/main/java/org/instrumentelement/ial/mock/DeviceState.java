package org.instrumentelement.ial.mock;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Everything a simulated device remembers between commands: its settings, acquisitions, status
 * registers, the texts its replies last rendered, and how long its current reply takes. The command
 * handlers work on it; {@link MockDevice} owns it and serialises access.
 */
final class DeviceState {
  final MockDeviceDescription description;
  final MockSettings settings;
  final MockFormulas formulas;
  final Acquisitions acquisitions;
  final StatusRegisters status;
  final BlockEncoder encoder;
  final ReadingMemory readings;

  /** The files on the instrument's disk: kept across {@code *RST} and power cycles. */
  final VirtualDisk disk = new VirtualDisk();

  private final Map<String, String> rendered = new HashMap<>();
  private final AtomicLong changes = new AtomicLong();
  private Duration replyDelay = Duration.ZERO;

  DeviceState(MockDeviceDescription description, long seed) {
    this.description = description;
    this.encoder = new BlockEncoder(description.answers.blockDigits());
    this.status = new StatusRegisters(description.answers.tektronixEvents());
    this.settings = new MockSettings(description);
    this.formulas = new MockFormulas(description, settings, seed * 17 + 3);
    this.acquisitions = new Acquisitions(description, settings, formulas, seed * 31 + 5);
    this.readings = new ReadingMemory(this);
  }

  /** Power-on or {@code *RST}: defaults, no acquisition, no readings in memory. */
  void reset() {
    settings.reset();
    acquisitions.reset();
    encoder.clear();
    rendered.clear();
    readings.reset();
  }

  /** Counts an accepted setting. */
  void changed() {
    changes.incrementAndGet();
  }

  long changes() {
    return changes.get();
  }

  /** Makes the current reply take at least {@code delay}. */
  void delayReply(Duration delay) {
    if (delay.compareTo(replyDelay) > 0) {
      replyDelay = delay;
    }
  }

  /** The delay of the current program message's reply; reading it starts the next message. */
  Duration takeReplyDelay() {
    Duration d = replyDelay;
    replyDelay = Duration.ZERO;
    return d;
  }

  void remember(String reply, String text) {
    rendered.put(reply, text);
  }

  /** The text a reply last rendered, or {@code null}. */
  String recall(String reply) {
    return rendered.get(reply);
  }

  /** {@code payload} as a definite-length block, its header written as the model's manual does. */
  byte[] definiteBlock(byte[] payload) {
    byte[] header =
        org.instrumentelement.ial.ieee4882.BlockHeader.definite(
            payload.length, description.answers.blockDigits());
    byte[] out = java.util.Arrays.copyOf(header, header.length + payload.length);
    System.arraycopy(payload, 0, out, header.length, payload.length);
    return out;
  }

  static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.ISO_8859_1);
  }
}
