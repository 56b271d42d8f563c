package org.instrumentelement.ie.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.jws.WebMethod;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.instrumentelement.ie.soap.Access;
import org.instrumentelement.ie.soap.InstrumentElementPort;
import org.junit.jupiter.api.Test;

/**
 * Each SOAP operation is declared once, by its {@link Access} on the port: every operation has one,
 * the access check and the audit log read it, and docs/soap-api.md's role column says the same.
 */
class OperationDeclarationTest {
  private static final Pattern ROW = Pattern.compile("^\\| `(\\w+)` \\|.*\\| ([a-z]+)[^|]*\\|$");

  private static Map<String, Access> declaredOnThePort() {
    Map<String, Access> out = new TreeMap<>();
    for (Method m : InstrumentElementPort.class.getMethods()) {
      WebMethod web = m.getAnnotation(WebMethod.class);
      if (web != null) {
        Access a = m.getAnnotation(Access.class);
        assertTrue(a != null, web.operationName() + " declares no @Access");
        out.put(web.operationName(), a);
      }
    }
    return out;
  }

  @Test
  void everyOperationDeclaresItsAccessAndTheChecksReadIt() {
    Map<String, Access> port = declaredOnThePort();
    assertEquals(36, port.size(), "the port's operations");
    assertEquals(port, Operations.declared());
    port.forEach(
        (op, a) -> {
          assertEquals(a.role(), Operations.role(op).orElseThrow(), op);
          assertEquals(a.audited(), Operations.audited(op), op);
          assertEquals(a.controlling(), Operations.controlling(op), op);
          assertTrue(
              !a.controlling() || a.audited(), op + ": what changes an instrument is audited");
        });
    assertTrue(Operations.role("noSuchOperation").isEmpty(), "no role is defaulted");
  }

  @Test
  void theDocumentedRoleOfEveryOperationIsItsDeclaredOne() throws Exception {
    Map<String, String> documented = new TreeMap<>();
    for (String line : Files.readAllLines(Path.of("..", "..", "docs", "soap-api.md"))) {
      Matcher m = ROW.matcher(line);
      if (m.matches()) {
        documented.put(m.group(1), m.group(2));
      }
    }
    Map<String, String> declared = new TreeMap<>();
    declaredOnThePort()
        .forEach((op, a) -> declared.put(op, a.role().name().toLowerCase(Locale.ROOT)));
    Map<String, String> rows = new TreeMap<>(documented);
    rows.keySet().retainAll(declared.keySet());
    assertEquals(declared, rows, "docs/soap-api.md's Operations table, one row per operation");
  }
}
