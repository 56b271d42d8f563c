package org.instrumentelement.ial.trace;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How a file describes a dataset of codes, in the names of the CF conventions where they have one,
 * so that a reader that knows CF (h5py users, netCDF tools) computes {@code value * scale_factor +
 * add_offset} as usual: {@code scale_factor}, {@code add_offset}, the NaN code as {@code
 * _FillValue}, and the clip codes as {@code clipLowCode} and {@code clipHighCode}. The special
 * codes are of the dataset's own type (int8 or int16), as CF wants {@code _FillValue}. Recordings
 * and history both write these; the names are kept here so that they cannot drift apart.
 */
public final class CodesAttributes {
  /** The scale of every code of the dataset. */
  public static final String SCALE_FACTOR = "scale_factor";

  /** The offset of every code of the dataset. */
  public static final String ADD_OFFSET = "add_offset";

  /** The code that stands for no sample. */
  public static final String FILL_VALUE = "_FillValue";

  /** The code of a sample clipped at the bottom of the screen. */
  public static final String CLIP_LOW_CODE = "clipLowCode";

  /** The code of a sample clipped at the top of the screen. */
  public static final String CLIP_HIGH_CODE = "clipHighCode";

  private CodesAttributes() {}

  /** The scale, offset and special codes of {@code codes}, by attribute name, in that order. */
  public static Map<String, Object> of(ScaledCodes codes) {
    Map<String, Object> a = new LinkedHashMap<>();
    a.put(SCALE_FACTOR, codes.scale());
    a.put(ADD_OFFSET, codes.offset());
    a.putAll(specialCodes(codes));
    return a;
  }

  /**
   * The special codes of {@code codes} alone, by attribute name, as Byte or Short after the width:
   * for a dataset whose rows do not share one scale and offset. A code the instrument lacks has no
   * entry.
   */
  public static Map<String, Object> specialCodes(ScaledCodes codes) {
    Map<String, Object> a = new LinkedHashMap<>();
    putCode(a, FILL_VALUE, codes.width(), codes.nanCode());
    putCode(a, CLIP_LOW_CODE, codes.width(), codes.clipLowCode());
    putCode(a, CLIP_HIGH_CODE, codes.width(), codes.clipHighCode());
    return a;
  }

  private static void putCode(
      Map<String, Object> a, String name, ScaledCodes.Width width, Integer code) {
    if (code != null) {
      a.put(
          name,
          width == ScaledCodes.Width.INT8
              ? (Object) Byte.valueOf(code.byteValue())
              : (Object) Short.valueOf(code.shortValue()));
    }
  }
}
