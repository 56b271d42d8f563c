package org.instrumentelement.ie.soap;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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

  ControlOperations(ElementView view, CommandOperations commands) {
    this.view = view;
    this.commands = commands;
  }

  GetAttributeResponse getAttribute(GetAttribute request) throws InstrumentElementFault {
    String path = ElementView.required(request == null ? null : request.im, "im");
    String name = ElementView.required(request.attribute, "attribute");
    InstrumentManager im = view.node(path).im();
    try {
      GetAttributeResponse r = new GetAttributeResponse();
      r.value =
          ValueMapping.toXml(
              im.getAttribute(name), null, units(im, name), encoding(request.encoding));
      return r;
    } catch (ImException e) {
      throw view.fault(e, path, name);
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
    InstrumentManager im = view.node(path).im();
    GetAttributesResponse r = new GetAttributesResponse();
    r.value = new ArrayList<>(names.size());
    VectorEncoding enc = encoding(request.encoding);
    for (String name : names) {
      try {
        r.value.add(ValueMapping.toXml(im.getAttribute(name), name, units(im, name), enc));
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
    }
  }

  private static String units(InstrumentManager im, String attribute) throws ImException {
    return im.model().attribute(attribute).spec().units();
  }

  private static VectorEncoding encoding(VectorEncoding e) {
    return e == null ? VectorEncoding.XML : e;
  }
}
