package org.instrumentelement.ie.soap;

import java.util.ArrayList;
import org.instrumentelement.ie.element.ImNode;
import org.instrumentelement.ie.security.Caller;
import org.instrumentelement.ie.security.Role;
import org.instrumentelement.ie.soap.types.ArgumentInfo;
import org.instrumentelement.ie.soap.types.AttributeInfo;
import org.instrumentelement.ie.soap.types.CommandInfo;
import org.instrumentelement.ie.soap.types.DescribeInstrumentManager;
import org.instrumentelement.ie.soap.types.DescribeInstrumentManagerResponse;
import org.instrumentelement.ie.soap.types.GetState;
import org.instrumentelement.ie.soap.types.GetStateResponse;
import org.instrumentelement.ie.soap.types.ImDescription;
import org.instrumentelement.ie.soap.types.ImSummary;
import org.instrumentelement.ie.soap.types.ItemInfo;
import org.instrumentelement.ie.soap.types.ListInstrumentManagers;
import org.instrumentelement.ie.soap.types.ListInstrumentManagersResponse;
import org.instrumentelement.ie.soap.types.ParameterInfo;
import org.instrumentelement.ie.soap.types.ValueType;
import org.instrumentelement.ie.soap.types.VectorEncoding;
import org.instrumentelement.ie.state.ParameterOrigins;
import org.instrumentelement.ie.state.StartupRestore;
import org.instrumentelement.im.InstrumentManager;
import org.instrumentelement.im.model.ArgumentSpec;
import org.instrumentelement.im.model.AttributeSpec;
import org.instrumentelement.im.model.CommandSpec;
import org.instrumentelement.im.model.ImException;
import org.instrumentelement.im.model.ParameterSpec;
import org.instrumentelement.im.model.ValueSpec;

/**
 * What the IMs are: the tree the caller may observe, one IM's description (parameters with their
 * values and where each came from, attributes, commands, states), and an IM's state.
 */
final class DescribeOperations {
  private final ElementView view;

  DescribeOperations(ElementView view) {
    this.view = view;
  }

  ListInstrumentManagersResponse listInstrumentManagers(ListInstrumentManagers request) {
    ListInstrumentManagersResponse r = new ListInstrumentManagersResponse();
    r.instrumentManager = new ArrayList<>();
    Caller c = view.caller();
    for (ImNode n : view.ie().nodes()) {
      if (!c.may(Role.OBSERVE, n.path())) {
        continue;
      }
      ImSummary s = new ImSummary();
      s.path = n.path();
      s.name = n.config().name();
      s.parent = n.parentPath().isEmpty() ? null : n.parentPath();
      s.type = n.im().model().type();
      s.description = description(n);
      s.state = n.im().state();
      r.instrumentManager.add(s);
    }
    return r;
  }

  DescribeInstrumentManagerResponse describeInstrumentManager(DescribeInstrumentManager request)
      throws InstrumentElementFault {
    String path = ElementView.required(request == null ? null : request.im, "im");
    ImNode n = view.node(path);
    InstrumentManager im = n.im();
    ImDescription d = new ImDescription();
    d.path = n.path();
    d.name = n.config().name();
    d.parent = n.parentPath().isEmpty() ? null : n.parentPath();
    d.type = im.model().type();
    d.description = description(n);
    d.address = n.config().address().isEmpty() ? null : n.config().address();
    d.state = im.state();
    d.lastError = im.lastError().isEmpty() ? null : im.lastError();
    d.stateName = im.model().states();
    d.parameter = new ArrayList<>();
    for (ParameterSpec p : im.model().parameters()) {
      ParameterInfo i = fill(new ParameterInfo(), p.name(), p.spec(), p.description());
      i.settableIn = ValueMapping.sorted(p.settableIn());
      try {
        i.value =
            ValueMapping.toXml(
                im.getParameter(p.name()), null, p.spec().units(), VectorEncoding.XML);
      } catch (ImException e) {
        throw view.fault(e, path, p.name());
      }
      ParameterOrigins.Origin origin = view.ie().origins().origin(n.path(), p.name());
      i.source = origin.source().name();
      i.setBy = origin.by().isEmpty() ? null : origin.by();
      i.setAt = origin.at();
      d.parameter.add(i);
    }
    d.attribute = new ArrayList<>();
    for (AttributeSpec a : im.model().attributes()) {
      AttributeInfo i = fill(new AttributeInfo(), a.name(), a.spec(), a.description());
      i.writable = a.writable();
      i.subscribable = a.subscribable();
      i.readableIn = ValueMapping.sorted(a.readableIn());
      i.writableIn = ValueMapping.sorted(a.writableIn());
      d.attribute.add(i);
    }
    d.command = new ArrayList<>();
    for (CommandSpec c : im.model().commands()) {
      CommandInfo i = new CommandInfo();
      i.name = c.name();
      i.description = c.description();
      i.allowedIn = ValueMapping.sorted(c.allowedIn());
      i.targetState = c.targetState();
      i.runningState = c.runningState();
      i.argument = new ArrayList<>();
      for (ArgumentSpec a : c.arguments()) {
        ArgumentInfo ai = fill(new ArgumentInfo(), a.name(), a.spec(), a.description());
        ai.required = a.required();
        ai.defaultValue =
            a.defaultValue() == null
                ? null
                : ValueMapping.toXml(a.defaultValue(), null, a.spec().units(), VectorEncoding.XML);
        i.argument.add(ai);
      }
      d.command.add(i);
    }
    d.child = n.children();
    d.onLink = StartupRestore.linkMode(n.config()).configName();
    DescribeInstrumentManagerResponse r = new DescribeInstrumentManagerResponse();
    r.description = d;
    return r;
  }

  GetStateResponse getState(GetState request) throws InstrumentElementFault {
    ImNode n = view.node(ElementView.required(request == null ? null : request.im, "im"));
    GetStateResponse r = new GetStateResponse();
    r.state = n.im().state();
    r.lastError = n.im().lastError().isEmpty() ? null : n.im().lastError();
    return r;
  }

  private static String description(ImNode n) {
    String configured = n.config().description();
    return configured.isEmpty() ? n.im().model().description() : configured;
  }

  private static <T extends ItemInfo> T fill(T i, String name, ValueSpec spec, String description) {
    i.name = name;
    i.type = ValueType.valueOf(spec.type().name());
    i.units = spec.units().isEmpty() ? null : spec.units();
    if (spec.hasRange()) {
      i.minimum = spec.min();
      i.maximum = spec.max();
    }
    i.choice = spec.choices().isEmpty() ? null : spec.choices();
    if (spec.type() == org.instrumentelement.im.model.ValueType.STRING
        || spec.type() == org.instrumentelement.im.model.ValueType.DOUBLE_ARRAY) {
      i.maxLength = spec.maxLength();
    }
    i.description = description;
    return i;
  }
}
