package org.instrumentelement.ie.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * docs/subscriptions.md, "Message format", is what subscribers read: its property table must list
 * exactly the properties of {@link MessageProperty}, each with the JMS type it is sent as, so that
 * the documentation and the code that sends and reads messages cannot drift apart.
 */
class MessageFormatReferenceTest {
  static final String FILE = "subscriptions.md";

  /** Documented property name to its row's cells. */
  private static Map<String, List<String>> documented() throws IOException {
    Map<String, List<String>> byName = new LinkedHashMap<>();
    for (List<String> row : DocumentedTable.rows(FILE, "Property")) {
      for (String name : DocumentedTable.codes(row.get(0))) {
        byName.put(name, row);
      }
    }
    return byName;
  }

  @Test
  void everyPropertyIsDocumentedWithItsType() throws IOException {
    Map<String, List<String>> documented = documented();
    List<String> problems = new ArrayList<>();
    for (MessageProperty p : MessageProperty.values()) {
      List<String> row = documented.get(p.key());
      if (row == null) {
        problems.add(p.key() + " is not documented");
      } else if (!row.get(1).equals(p.type().documented())) {
        problems.add(
            p.key() + " is sent as " + p.type().documented() + ", documented as " + row.get(1));
      }
    }
    assertEquals(List.of(), problems, "docs/" + FILE + " against MessageProperty");
  }

  @Test
  void everyDocumentedPropertyIsSent() throws IOException {
    List<String> unknown = new ArrayList<>();
    for (String name : documented().keySet()) {
      boolean known = false;
      for (MessageProperty p : MessageProperty.values()) {
        known |= p.key().equals(name);
      }
      if (!known) {
        unknown.add(name);
      }
    }
    assertEquals(List.of(), unknown, "documented in docs/" + FILE + " but not a MessageProperty");
  }

  @Test
  void theDocumentedByteOrderIsTheOneSent() throws IOException {
    List<String> row = documented().get(MessageProperty.BYTE_ORDER.key());
    assertTrue(
        DocumentedTable.codes(row.get(2)).contains(ValueCodec.BYTE_ORDER),
        "ieByteOrder documented as " + row.get(2));
  }

  @Test
  void everyBodyTypeIsDocumentedAndLittleEndianWhereItIsANumber() throws IOException {
    Map<String, String> bodies = new LinkedHashMap<>();
    for (List<String> row : DocumentedTable.rows(FILE, "Body, by `ieType`")) {
      for (String type : DocumentedTable.codes(row.get(0))) {
        bodies.put(type, row.get(1));
      }
    }
    List<String> types = new ArrayList<>();
    for (BodyType t : BodyType.values()) {
      types.add(t.name());
    }
    assertEquals(types, List.copyOf(bodies.keySet()), "the body table against BodyType");
    for (String number : List.of("DOUBLE_ARRAY", "DOUBLE", "INTEGER")) {
      assertTrue(bodies.get(number).contains("little-endian"), number + ": " + bodies.get(number));
    }
    assertEquals(
        8 * 2_500,
        ValueCodec.encodeDoubles(new double[2_500]).length,
        "the documented size of 2,500 doubles");
  }
}
