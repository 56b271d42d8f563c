package org.instrumentelement.ie.soap;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.instrumentelement.ie.alarm.Alarms;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.ie.soap.types.ExecuteCommand;
import org.instrumentelement.ie.soap.types.ExecuteCommandResponse;
import org.instrumentelement.ie.soap.types.GetAttribute;
import org.instrumentelement.ie.soap.types.GetAttributeResponse;
import org.instrumentelement.ie.soap.types.GetAttributes;
import org.instrumentelement.ie.soap.types.GetAttributesResponse;
import org.instrumentelement.ie.soap.types.GetParameter;
import org.instrumentelement.ie.soap.types.GetParameterResponse;
import org.instrumentelement.ie.soap.types.SetAttribute;
import org.instrumentelement.ie.soap.types.SetAttributeResponse;
import org.instrumentelement.ie.soap.types.SetParameter;
import org.instrumentelement.ie.soap.types.SetParameterResponse;
import org.instrumentelement.ie.soap.types.Value;
import org.instrumentelement.ie.soap.types.VectorEncoding;
import org.instrumentelement.im.InstrumentManager;
import org.instrumentelement.im.model.AttributeSpec;
import org.instrumentelement.im.model.ImException;
import org.instrumentelement.im.model.ParameterSpec;

/** Reading and setting parameters and attributes, and executing commands, on one IM. */
final class ControlOperations {
  /** Most attributes one getAttributes call may name. */
  static final int MAX_ATTRIBUTES_PER_CALL = 256;

  /** Most arguments one executeCommand call may carry. */
  static final int MAX_ARGUMENTS_PER_CALL = 64;

  private final ElementView view;
  private final CommandOperations commands;
  private final Alarms alarms;
  private final FreshReads fresh;

  /**
   * @param alarms gives a polled value the quality of its attribute's alarm state
   * @param fresh the values read recently, for polls with a {@code maxAge}
   */
  ControlOperations(ElementView view, CommandOperations commands, Alarms alarms, FreshReads fresh) {
    this.view = view;
    this.commands = commands;
    this.alarms = alarms;
    this.fresh = fresh;
  }

  GetAttributeResponse getAttribute(GetAttribute request) throws InstrumentElementFault {
    String path = ElementView.required(request == null ? null : request.im, "im");
    String name = ElementView.required(request.attribute, "attribute");
    long maxAge = maxAgeNanos(request.maxAge);
    InstrumentManager im = view.node(path).im();
    try {
      GetAttributeResponse r = new GetAttributeResponse();
      KeptRead kept = fresh.read(im, name, maxAge);
      org.instrumentelement.im.model.Value read = kept.value();
      org.instrumentelement.im.model.Value shown = alarms.withAlarmQuality(path, name, read);
      // The kept answer was encoded once for every poller; a value beyond an alarm limit shows
      // its alarm quality instead, encoded for this answer.
      if (shown == read) {
        r.value = kept.answer(units(im, name), encoding(request.encoding));
      } else {
        r.value = ValueMapping.toXml(shown, null, units(im, name), encoding(request.encoding));
        r.value.provenance = ValueMapping.provenance(kept.provenance());
      }
      return r;
    } catch (ImException e) {
      throw view.fault(e, path, name);
    }
  }

  /**
   * {@link KeptAnswers#keptAnswer}: getAttribute's first branch, taken only if it reads nothing.
   */
  Value keptAnswer(GetAttribute request) {
    if (request == null
        || request.im == null
        || request.attribute == null
        || request.maxAge == null
        || request.maxAge <= 0) {
      return null;
    }
    try {
      InstrumentManager im = view.node(request.im).im();
      KeptRead kept = fresh.kept(im, request.attribute, maxAgeNanos(request.maxAge));
      if (kept == null
          || alarms.withAlarmQuality(request.im, request.attribute, kept.value()) != kept.value()) {
        return null;
      }
      return kept.answer(units(im, request.attribute), encoding(request.encoding));
    } catch (InstrumentElementFault | ImException e) {
      return null; // getAttribute fails the same way, in its words
    }
  }

  GetAttributesResponse getAttributes(GetAttributes request) throws InstrumentElementFault {
    String path = ElementView.required(request == null ? null : request.im, "im");
    List<String> names = request.attribute == null ? List.of() : request.attribute;
    if (names.size() > MAX_ATTRIBUTES_PER_CALL) {
      throw view.fault(
          new ImException(
              FaultCode.REQUEST_TOO_LARGE,
              names.size() + " attributes in one call; at most " + MAX_ATTRIBUTES_PER_CALL),
          path,
          null);
    }
    long maxAge = maxAgeNanos(request.maxAge);
    InstrumentManager im = view.node(path).im();
    GetAttributesResponse r = new GetAttributesResponse();
    r.value = new ArrayList<>(names.size());
    VectorEncoding enc = encoding(request.encoding);
    for (String name : names) {
      try {
        KeptRead kept = fresh.read(im, name, maxAge);
        Value v =
            ValueMapping.toXml(
                alarms.withAlarmQuality(path, name, kept.value()), name, units(im, name), enc);
        v.provenance = ValueMapping.provenance(kept.provenance());
        r.value.add(v);
      } catch (ImException e) {
        throw view.fault(e, path, name);
      }
    }
    return r;
  }

  GetParameterResponse getParameter(GetParameter request) throws InstrumentElementFault {
    String path = ElementView.required(request == null ? null : request.im, "im");
    String name = ElementView.required(request.parameter, "parameter");
    InstrumentManager im = view.node(path).im();
    try {
      GetParameterResponse r = new GetParameterResponse();
      r.value =
          ValueMapping.toXml(
              im.getParameter(name),
              null,
              im.model().parameter(name).spec().units(),
              VectorEncoding.XML);
      return r;
    } catch (ImException e) {
      throw view.fault(e, path, name);
    }
  }

  SetParameterResponse setParameter(SetParameter request) throws InstrumentElementFault {
    String path = ElementView.required(request == null ? null : request.im, "im");
    String name = ElementView.required(request.parameter, "parameter");
    InstrumentManager im = view.node(path).im();
    try {
      ParameterSpec spec = im.model().parameter(name);
      SetParameterResponse r = new SetParameterResponse();
      r.value =
          ValueMapping.toXml(
              im.setParameter(name, ValueMapping.fromXml(request.value, name)),
              null,
              spec.spec().units(),
              VectorEncoding.XML);
      return r;
    } catch (ImException e) {
      throw view.fault(e, path, name);
    }
  }

  SetAttributeResponse setAttribute(SetAttribute request) throws InstrumentElementFault {
    String path = ElementView.required(request == null ? null : request.im, "im");
    String name = ElementView.required(request.attribute, "attribute");
    InstrumentManager im = view.node(path).im();
    try {
      AttributeSpec spec = im.model().attribute(name);
      SetAttributeResponse r = new SetAttributeResponse();
      r.value =
          ValueMapping.toXml(
              im.setAttribute(name, ValueMapping.fromXml(request.value, name)),
              null,
              spec.spec().units(),
              VectorEncoding.XML);
      return r;
    } catch (ImException e) {
      throw view.fault(e, path, name);
    } finally {
      fresh.changed(im);
    }
  }

  ExecuteCommandResponse executeCommand(ExecuteCommand request) throws InstrumentElementFault {
    String path = ElementView.required(request == null ? null : request.im, "im");
    String name = ElementView.required(request.command, "command");
    InstrumentManager im = view.node(path).im();
    List<Value> given = request.argument == null ? List.of() : request.argument;
    try {
      if (given.size() > MAX_ARGUMENTS_PER_CALL) {
        throw new ImException(
            FaultCode.REQUEST_TOO_LARGE,
            given.size() + " arguments; at most " + MAX_ARGUMENTS_PER_CALL);
      }
      Map<String, org.instrumentelement.im.model.Value> args = new HashMap<>();
      for (Value a : given) {
        if (a == null || a.name == null || a.name.isBlank()) {
          throw new ImException(
              FaultCode.MALFORMED_REQUEST, "every argument needs a name attribute");
        }
        if (args.put(a.name, ValueMapping.fromXml(a, name + " argument " + a.name)) != null) {
          throw new ImException(
              FaultCode.MALFORMED_REQUEST, "argument '" + a.name + "' given twice");
        }
      }
      if (im.model().command(name).isLongRunning()) {
        return commands.start(path, im, name, args, request.waitSeconds);
      }
      org.instrumentelement.im.model.Value result = im.executeCommand(name, args);
      ExecuteCommandResponse r = new ExecuteCommandResponse();
      r.state = im.state();
      r.result = result == null ? null : ValueMapping.toXml(result, null, null, VectorEncoding.XML);
      return r;
    } catch (ImException e) {
      throw view.fault(e, path, name);
    } finally {
      fresh.changed(im); // a command may take a new acquisition without a change of state
    }
  }

  private static String units(InstrumentManager im, String attribute) throws ImException {
    return im.model().attribute(attribute).spec().units();
  }

  /** Longest maxAge taken as it is; a longer one means the same (a value of any age). */
  static final long MAX_AGE_LIMIT_MILLIS = Long.MAX_VALUE / 1_000_000;

  /**
   * A request's {@code maxAge} in nanoseconds (0: read now).
   *
   * @throws InstrumentElementFault OUT_OF_RANGE for a negative age
   */
  private static long maxAgeNanos(Long millis) throws InstrumentElementFault {
    if (millis == null) {
      return 0;
    }
    if (millis < 0) {
      throw InstrumentElementFault.of(
          FaultCode.OUT_OF_RANGE,
          "maxAge is " + millis + ": it must be 0 (read the instrument now) or more milliseconds");
    }
    return Math.min(millis, MAX_AGE_LIMIT_MILLIS) * 1_000_000;
  }

  private static VectorEncoding encoding(VectorEncoding e) {
    return e == null ? VectorEncoding.XML : e;
  }
}
