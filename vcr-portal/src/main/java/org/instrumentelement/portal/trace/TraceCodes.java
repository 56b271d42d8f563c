package org.instrumentelement.portal.trace;

import org.instrumentelement.ie.client.soap.Value;
import org.instrumentelement.ie.client.subscription.CodeScaling;
import org.instrumentelement.ie.client.subscription.SampledValue;
import org.instrumentelement.ie.contract.BodyType;

/**
 * A trace as the instrument's codes, from an attribute's codes topic (docs/subscriptions.md,
 * "Traces as the instrument's codes"): the value of code {@code c} is {@code c * scale + offset} in
 * double precision, NaN for the NaN code. Immutable: the body is the message's own, never changed.
 *
 * @param wide 16-bit codes (INT16_CODES), else 8-bit (INT8_CODES)
 * @param body the codes, signed, little-endian, as they came
 * @param nanCode the code of no sample, or null
 * @param clipLowCode the code of a sample clipped at the bottom of the screen, or null
 * @param clipHighCode the code of a sample clipped at the top, or null
 */
record TraceCodes(
    boolean wide,
    byte[] body,
    double scale,
    double offset,
    Integer nanCode,
    Integer clipLowCode,
    Integer clipHighCode) {

  /** The codes of a value from a codes topic, or null for any other value. */
  static TraceCodes of(SampledValue v) {
    CodeScaling s = v.scaling();
    BodyType type = v.bodyType();
    if (s == null || (type != BodyType.INT16_CODES && type != BodyType.INT8_CODES)) {
      return null;
    }
    return new TraceCodes(
        type == BodyType.INT16_CODES,
        v.body(),
        s.scale(),
        s.offset(),
        s.nanCode(),
        s.clipLowCode(),
        s.clipHighCode());
  }

  /** The codes of a value polled with encoding CODES, or null for any other value. */
  static TraceCodes of(Value v) {
    if (v.getData() == null || v.getCodes() == null || v.getScale() == null) {
      return null;
    }
    BodyType type = BodyType.named(v.getCodes());
    if (type != BodyType.INT16_CODES && type != BodyType.INT8_CODES) {
      return null;
    }
    return new TraceCodes(
        type == BodyType.INT16_CODES,
        v.getData(),
        v.getScale(),
        v.getOffset() == null ? 0 : v.getOffset(),
        v.getNanCode(),
        v.getClipLowCode(),
        v.getClipHighCode());
  }

  /** Bytes per code: 2 or 1. */
  int bytesPerCode() {
    return wide ? 2 : 1;
  }

  /** Codes in the trace. */
  int length() {
    return body.length / bytesPerCode();
  }

  /** Code {@code i}, signed. */
  int code(int i) {
    return wide ? (short) ((body[2 * i] & 0xff) | (body[2 * i + 1] << 8)) : body[i];
  }

  /** Whether the instrument names a clip code, so that a clipped sample can be told. */
  boolean tellsClipping() {
    return clipLowCode != null || clipHighCode != null;
  }

  /**
   * Whether sample {@code i} is clipped: -1 at the bottom of the screen, 1 at the top, 0 neither.
   */
  int clipped(int i) {
    int c = code(i);
    return clipLowCode != null && c == clipLowCode
        ? -1
        : clipHighCode != null && c == clipHighCode ? 1 : 0;
  }

  /** The samples of the whole trace clipped at the bottom and at the top: {low, high}. */
  int[] clipCounts() {
    int low = 0;
    int high = 0;
    int n = length();
    for (int i = 0; i < n; i++) {
      int c = clipped(i);
      low += c < 0 ? 1 : 0;
      high += c > 0 ? 1 : 0;
    }
    return new int[] {low, high};
  }
}
