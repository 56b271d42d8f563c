package org.instrumentelement.ie.server;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.instrumentelement.ie.soap.types.DoubleList;
import org.instrumentelement.ie.soap.types.Namespaces;
import org.instrumentelement.im.model.FreeText;

/**
 * What a fault's message may hold of what the caller sent, enforced on the finished message rather
 * than where each one is written: of any one text of the request at most the first {@value
 * #MAX_QUOTE} characters in a row, followed by {@code ... (N characters)}; no control character
 * (each written {@code \\uXXXX}, {@link FreeText#escape}); at most {@value #MAX_MESSAGE} characters
 * in all. Messages come from the service, the Instrument Managers and the instruments, and quote
 * names and values whole, abbreviated or cut by an earlier limit; so every run of more than {@value
 * #MAX_QUOTE} characters that the message shares with a text of the request is found and cut,
 * wherever it came from.
 */
final class FaultText {
  /** Most characters of one text of the request quoted in a row (docs/soap-api.md "Faults"). */
  static final int MAX_QUOTE = 100;

  /** Longest message. */
  static final int MAX_MESSAGE = 2000;

  /** How deep a request's types nest, with room to spare. */
  private static final int MAX_DEPTH = 8;

  /** A base unknown outside this process: nobody can make texts whose windows collide. */
  private static final long BASE = new SecureRandom().nextLong() | 1;

  private FaultText() {}

  /**
   * The message a client may be given.
   *
   * @param request the request the fault answers (an object of the API's types), or null when it
   *     was not read
   */
  static String of(String message, Object request) {
    String m = message == null ? "" : message;
    if (m.length() > MAX_QUOTE) {
      for (String text : longTexts(request)) {
        m = cut(m, text);
      }
    }
    return bounded(FreeText.escape(m));
  }

  /** The texts of a request longer than {@value #MAX_QUOTE} characters, each once. */
  static Set<String> longTexts(Object request) {
    Set<String> out = new LinkedHashSet<>();
    collect(request, out, 0);
    return out;
  }

  private static void collect(Object o, Set<String> out, int depth) {
    if (o == null || depth > MAX_DEPTH || o instanceof DoubleList) {
      return; // a list of doubles keeps at most a short text of an item that is not one
    }
    if (o instanceof CharSequence s) {
      if (s.length() > MAX_QUOTE) {
        out.add(s.toString());
      }
    } else if (o instanceof Iterable<?> items) {
      for (Object item : items) {
        collect(item, out, depth + 1);
      }
    } else if (o.getClass().getPackageName().equals(Namespaces.class.getPackageName())) {
      // The API's request types hold their fields as public fields (JAXB).
      for (Field f : o.getClass().getFields()) {
        if (!Modifier.isStatic(f.getModifiers())) {
          try {
            collect(f.get(o), out, depth + 1);
          } catch (IllegalAccessException e) {
            // not a field of the request's data
          }
        }
      }
    }
  }

  /**
   * {@code message} with every run of more than {@value #MAX_QUOTE} characters that also occurs in
   * {@code text} cut to its first {@value #MAX_QUOTE}: the windows of {@value #MAX_QUOTE} + 1
   * characters of the message are hashed, the text's are rolled past them, and each match is
   * compared in full, so the cost is linear in both.
   */
  static String cut(String message, String text) {
    int w = MAX_QUOTE + 1;
    int n = message.length();
    if (n < w || text.length() < w) {
      return message;
    }
    long top = 1; // BASE^(w-1), to take the first character out of a rolling hash
    for (int i = 1; i < w; i++) {
      top *= BASE;
    }
    Map<Long, List<Integer>> windows = new HashMap<>();
    long h = hash(message, 0, w);
    for (int i = 0; ; i++) {
      windows.computeIfAbsent(h, k -> new ArrayList<>(1)).add(i);
      if (i + w >= n) {
        break;
      }
      h = (h - message.charAt(i) * top) * BASE + message.charAt(i + w);
    }
    boolean[] quoted = new boolean[n];
    h = hash(text, 0, w);
    for (int j = 0; ; j++) {
      List<Integer> at = windows.get(h);
      if (at != null) {
        for (int k = at.size() - 1; k >= 0; k--) {
          int i = at.get(k);
          if (message.regionMatches(i, text, j, w)) {
            Arrays.fill(quoted, i, i + w, true);
            at.remove(k); // each window of the message is matched at most once
          }
        }
      }
      if (j + w >= text.length()) {
        break;
      }
      h = (h - text.charAt(j) * top) * BASE + text.charAt(j + w);
    }
    StringBuilder b = new StringBuilder(Math.min(n, MAX_MESSAGE + 64));
    int i = 0;
    while (i < n) {
      if (!quoted[i]) {
        b.append(message.charAt(i++));
        continue;
      }
      int end = i;
      while (end < n && quoted[end]) {
        end++;
      }
      int keep = i + MAX_QUOTE;
      if (Character.isHighSurrogate(message.charAt(keep - 1))) {
        keep--; // not half a character
      }
      b.append(message, i, keep).append("... (").append(text.length()).append(" characters)");
      i = end;
    }
    return b.toString();
  }

  private static long hash(String s, int from, int length) {
    long h = 0;
    for (int i = from; i < from + length; i++) {
      h = h * BASE + s.charAt(i);
    }
    return h;
  }

  /** At most {@value #MAX_MESSAGE} characters, not cut inside an escape or a character. */
  private static String bounded(String m) {
    if (m.length() <= MAX_MESSAGE) {
      return m;
    }
    int end = MAX_MESSAGE;
    int escape = m.lastIndexOf("\\u", end - 1);
    if (escape >= 0 && escape + 6 > end) {
      end = escape;
    }
    if (Character.isHighSurrogate(m.charAt(end - 1))) {
      end--;
    }
    return m.substring(0, end) + "...";
  }
}
