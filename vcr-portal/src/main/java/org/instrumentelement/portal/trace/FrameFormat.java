package org.instrumentelement.portal.trace;

import java.util.Locale;

/** How a viewer wants its frames, chosen by the page in its watch message ({@code "format"}). */
enum FrameFormat {
  /** JSON text messages: the default, readable by any client. */
  JSON {
    @Override
    Frame encode(TraceSnapshot s, TraceDecimator.Points points) {
      return JsonFrameEncoder.encode(s, points);
    }
  },
  /** Binary messages (see {@link BinaryFrameEncoder}); JSON for what is not a vector. */
  BINARY {
    @Override
    Frame encode(TraceSnapshot s, TraceDecimator.Points points) {
      return BinaryFrameEncoder.encode(s, points);
    }
  };

  /** The frame of a snapshot whose vector (if any) is reduced to {@code points}. */
  abstract Frame encode(TraceSnapshot s, TraceDecimator.Points points);

  /** The format a watch message names: {@code "binary"}, else JSON. */
  static FrameFormat named(String name) {
    return "binary".equals(name == null ? "" : name.toLowerCase(Locale.ROOT)) ? BINARY : JSON;
  }

  /** The name in the statistics and the watch message. */
  String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
