package org.instrumentelement.im.sensors;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import java.io.IOException;

/**
 * The JSON form of a reading ({@link ReadingFormat#JSON}), read with Jackson's streaming parser:
 * nothing but the numbers is kept, unknown object keys are skipped, and nesting is bounded so that
 * a hostile message costs no more than its few bytes.
 */
final class JsonReading {
  private static final JsonFactory JSON =
      JsonFactory.builder()
          .streamReadConstraints(
              StreamReadConstraints.builder()
                  .maxNestingDepth(8)
                  .maxNumberLength(64)
                  .maxStringLength(1024)
                  .build())
          .build();

  private JsonReading() {}

  static Reading parse(byte[] body, int maxValues) throws MalformedReadingException {
    try (JsonParser p = JSON.createParser(body)) {
      JsonToken t = p.nextToken();
      if (t == null) {
        throw new MalformedReadingException("an empty message");
      }
      Reading r;
      if (t == JsonToken.START_OBJECT) {
        r = object(p, maxValues);
      } else {
        r = new Reading(values(p, maxValues), Reading.NONE, Reading.NONE);
      }
      if (p.nextToken() != null) {
        throw new MalformedReadingException("more than one JSON value");
      }
      return r;
    } catch (IOException e) {
      throw new MalformedReadingException("not JSON");
    }
  }

  private static Reading object(JsonParser p, int maxValues)
      throws IOException, MalformedReadingException {
    double[] values = null;
    long seq = Reading.NONE;
    long time = Reading.NONE;
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String key = p.currentName();
      JsonToken t = p.nextToken();
      switch (key) {
        case "v" -> values = values(p, maxValues);
        case "seq" -> seq = whole(p, t, "seq");
        case "t" -> time = whole(p, t, "t");
        default -> p.skipChildren();
      }
    }
    if (values == null) {
      throw new MalformedReadingException("an object without \"v\"");
    }
    return new Reading(values, seq, time);
  }

  /** A number or an array of numbers, at the current token. */
  private static double[] values(JsonParser p, int maxValues)
      throws IOException, MalformedReadingException {
    JsonToken t = p.currentToken();
    if (t == JsonToken.VALUE_NUMBER_INT || t == JsonToken.VALUE_NUMBER_FLOAT) {
      return new double[] {ReadingFormat.finite(p.getDoubleValue())};
    }
    if (t != JsonToken.START_ARRAY) {
      throw new MalformedReadingException("a value is not a number or an array of numbers");
    }
    double[] buffer = new double[Math.min(maxValues, 16)];
    int n = 0;
    for (t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
      if (t != JsonToken.VALUE_NUMBER_INT && t != JsonToken.VALUE_NUMBER_FLOAT) {
        throw new MalformedReadingException("an array element is not a number");
      }
      if (n == maxValues) {
        throw new MalformedReadingException("more than " + maxValues + " values");
      }
      if (n == buffer.length) {
        buffer = java.util.Arrays.copyOf(buffer, Math.min(maxValues, n * 2));
      }
      buffer[n++] = ReadingFormat.finite(p.getDoubleValue());
    }
    if (n == 0) {
      throw new MalformedReadingException("an empty array");
    }
    return n == buffer.length ? buffer : java.util.Arrays.copyOf(buffer, n);
  }

  private static long whole(JsonParser p, JsonToken t, String key)
      throws IOException, MalformedReadingException {
    if (t != JsonToken.VALUE_NUMBER_INT || p.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
      throw new MalformedReadingException("\"" + key + "\" is not a whole number");
    }
    long v = p.getLongValue();
    if (v < 0) {
      throw new MalformedReadingException("\"" + key + "\" is negative");
    }
    return v;
  }
}
