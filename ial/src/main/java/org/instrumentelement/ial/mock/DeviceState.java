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
  final StatusRegisters status = new StatusRegisters();
  final BlockEncoder encoder = new BlockEncoder();
  final ReadingMemory readings;
  private final Map<String, String> rendered = new HashMap<>();
  private final AtomicLong changes = new AtomicLong();
  private Duration replyDelay = Duration.ZERO;

  DeviceState(MockDeviceDescription description, long seed) {
    this.description = description;
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

  static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.ISO_8859_1);
  }
}
