package org.instrumentelement.ie.recording;

import java.util.LinkedHashMap;
import java.util.Map;
import org.instrumentelement.ie.element.ImNode;
import org.instrumentelement.im.InstrumentManager;
import org.instrumentelement.im.model.AttributeSpec;
import org.instrumentelement.im.model.ImException;
import org.instrumentelement.im.model.ParameterSpec;
import org.instrumentelement.im.model.Value;

/**
 * Where the data of one recorded IM came from: its path and type, the instrument's address and
 * identity (its answer to {@code *IDN?}, read once when the recording starts), and every
 * parameter's value (kept up to date from the change log as the recording goes on).
 *
 * @param identity empty when the IM has no {@code identity} attribute or could not be read
 */
record ImProvenance(
    String path,
    String type,
    String address,
    String description,
    String identity,
    Map<String, String> parameters) {

  ImProvenance {
    parameters = Map.copyOf(parameters);
  }

  /** The IM as it is now: one instrument read, of its identity. */
  static ImProvenance of(ImNode node) {
    InstrumentManager im = node.im();
    Map<String, String> parameters = new LinkedHashMap<>();
    for (ParameterSpec p : im.model().parameters()) {
      try {
        parameters.put(p.name(), im.getParameter(p.name()).asString());
      } catch (ImException e) {
        parameters.put(p.name(), "");
      }
    }
    return new ImProvenance(
        node.path(),
        im.model().type(),
        node.config().address(),
        node.config().description() == null ? "" : node.config().description(),
        identity(im),
        parameters);
  }

  private static String identity(InstrumentManager im) {
    for (AttributeSpec a : im.model().attributes()) {
      if (a.name().equals("identity")) {
        try {
          Value v = im.getAttribute("identity");
          return v.asString();
        } catch (ImException | RuntimeException e) {
          return "";
        }
      }
    }
    return "";
  }

  /** The same with one parameter's value changed. */
  ImProvenance with(String parameter, String value) {
    Map<String, String> p = new LinkedHashMap<>(parameters);
    p.put(parameter, value);
    return new ImProvenance(path, type, address, description, identity, p);
  }
}
