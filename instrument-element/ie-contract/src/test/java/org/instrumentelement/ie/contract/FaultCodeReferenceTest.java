package org.instrumentelement.ie.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * docs/soap-api.md, "Faults", tells clients which codes a fault may carry: its table must list
 * exactly the codes of {@link FaultCode}.
 */
class FaultCodeReferenceTest {
  static final String FILE = "soap-api.md";

  private static Map<String, String> documented() throws IOException {
    Map<String, String> when = new LinkedHashMap<>();
    for (List<String> row : DocumentedTable.rows(FILE, "Code")) {
      for (String code : DocumentedTable.codes(row.get(0))) {
        when.put(code, row.get(1));
      }
    }
    return when;
  }

  @Test
  void theDocumentedCodesAreExactlyTheFaultCodes() throws IOException {
    Set<String> codes = new TreeSet<>();
    for (FaultCode c : FaultCode.values()) {
      codes.add(c.name());
    }
    assertEquals(
        codes, new TreeSet<>(documented().keySet()), "docs/" + FILE + " against FaultCode");
  }

  /**
   * A row that says {@code soap:Server} must be a server-side code (the rest are documented as a
   * rule).
   */
  @Test
  void aCodeDocumentedAsSoapServerIsServerSide() throws IOException {
    Map<String, String> when = documented();
    List<String> problems = new ArrayList<>();
    for (FaultCode c : FaultCode.values()) {
      boolean saysServer = when.getOrDefault(c.name(), "").contains("`soap:Server`");
      if (saysServer && !c.serverSide()) {
        problems.add(c + " is documented as soap:Server but is the client's");
      }
    }
    assertEquals(List.of(), problems);
    assertTrue(FaultCode.SERVER_BUSY.serverSide(), "documented as soap:Server");
  }
}
