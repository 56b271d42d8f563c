package org.instrumentelement.ial.mock;

import static org.instrumentelement.ial.mock.DeviceState.ascii;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.instrumentelement.ial.scpi.device.CommandTree;
import org.instrumentelement.ial.scpi.device.ProgramData;
import org.instrumentelement.ial.scpi.device.ScpiError;
import org.instrumentelement.ial.scpi.device.ScpiErrorException;

/**
 * A model's properties and actions in its command tree: a property's query answers its value (or,
 * asked with {@code MINimum}, {@code MAXimum} or {@code DEFault}, that limit), its command sets it;
 * an action sets properties to fixed values and from its parameters, and may answer.
 */
final class SettingCommands {
  private static final java.util.regex.Pattern NAMED_VALUE =
      java.util.regex.Pattern.compile("MIN|MINIMUM|MAX|MAXIMUM|DEF|DEFAULT");

  private SettingCommands() {}

  static void addTo(CommandTree<MockCommand> tree, DeviceState d, DataQueries queries) {
    for (MockProperty p : d.description.properties.values()) {
      if (p.getter() != null) {
        tree.add(p.getter(), (ch, params) -> ascii(query(p, d, ch, params)));
      }
      if (p.setter() != null) {
        tree.add(
            p.setter(),
            (ch, params) -> {
              assign(d, p, p.perChannel() ? ch : 0, p.parse(params));
              d.changed();
              return null;
            });
      }
    }
    for (MockAction a : d.description.actions) {
      tree.add(a.header(), (ch, params) -> action(a, d, queries, ch, params));
    }
  }

  private static String query(MockProperty p, DeviceState d, int ch, List<ProgramData> params)
      throws ScpiErrorException {
    if (params.isEmpty()) {
      return p.format(d.settings.value(p.name(), ch));
    }
    if (params.size() == 1
        && params.get(0).kind() == ProgramData.Kind.CHARACTER
        && (p.type() == MockProperty.Type.DOUBLE || p.type() == MockProperty.Type.INTEGER)) {
      String word = params.get(0).text().toUpperCase(Locale.ROOT);
      if (NAMED_VALUE.matcher(word).matches()) {
        return p.format(p.parse(params.get(0)));
      }
    }
    throw new ScpiErrorException(
        ScpiError.PARAMETER_NOT_ALLOWED.withDetail(params.get(0).toString()));
  }

  /** Stores a parsed value; AUTO turns the companion autorange on, a number turns it off. */
  private static void assign(DeviceState d, MockProperty p, int channel, Object value) {
    MockProperty auto = p.auto() == null ? null : d.description.properties.get(p.auto());
    if (value == MockProperty.AUTO) {
      d.settings.set(auto, channel, Boolean.TRUE);
      return;
    }
    d.settings.set(p, channel, value);
    if (auto != null) {
      d.settings.set(auto, channel, Boolean.FALSE);
    }
  }

  private static byte[] action(
      MockAction a, DeviceState d, DataQueries queries, int ch, List<ProgramData> params)
      throws ScpiErrorException {
    List<Object> values = new ArrayList<>();
    if (a.accepts() != null) {
      MockProperty accepted = d.description.properties.get(a.accepts());
      for (ProgramData p : params) {
        accepted.parse(p); // checked like the property, not stored
      }
    } else {
      if (params.size() > a.parameters().size()) {
        throw new ScpiErrorException(
            ScpiError.PARAMETER_NOT_ALLOWED.withDetail(
                params.get(a.parameters().size()).toString()));
      }
      for (int i = 0; i < params.size(); i++) {
        MockProperty p = d.description.properties.get(a.parameters().get(i));
        Object v = p.parse(params.get(i));
        // A number sent is in the command's units; MINimum, MAXimum and DEFault name the setting's.
        if (a.divide() != 1 && v instanceof Double number && params.get(i).isNumeric()) {
          double scaled = number / a.divide();
          if (scaled < p.min() || scaled > p.max()) {
            throw new ScpiErrorException(
                ScpiError.OUT_OF_RANGE.withDetail(p.name() + " " + params.get(i)));
          }
          v = scaled;
        }
        values.add(v);
      }
    }
    for (Map.Entry<String, String> set : a.sets().entrySet()) {
      MockProperty p = d.description.properties.get(set.getKey());
      try {
        d.settings.set(p, 0, p.parse(set.getValue()));
      } catch (ScpiErrorException e) {
        throw new IllegalStateException("action " + a.name() + " sets " + p.name() + " badly", e);
      }
    }
    for (int i = 0; i < values.size(); i++) {
      MockProperty p = d.description.properties.get(a.parameters().get(i));
      assign(d, p, p.perChannel() ? ch : 0, values.get(i));
    }
    if (!a.sets().isEmpty() || !values.isEmpty()) {
      d.changed();
    }
    d.acquisitions.update();
    if (a.takes() != null) {
      queries.render(a.takes(), ch);
    }
    if (a.response() != null || a.answer() != null) {
      d.delayReply(a.delay());
    }
    if (a.answer() != null) {
      return ascii(queries.render(a.answer(), ch));
    }
    return a.response() == null ? null : ascii(a.response());
  }
}
