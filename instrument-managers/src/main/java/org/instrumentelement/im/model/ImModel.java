package org.instrumentelement.im.model;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.instrumentelement.ie.contract.FaultCode;

/**
 * Everything a client may know about a class of IM before talking to one: its parameters,
 * attributes, commands and states. Immutable; build one with {@link #builder(String)}.
 */
public final class ImModel {
  private final String type;
  private final String description;
  private final List<String> states;
  private final Map<String, ParameterSpec> parameters;
  private final Map<String, AttributeSpec> attributes;
  private final Map<String, CommandSpec> commands;

  private ImModel(Builder b) {
    this.type = b.type;
    this.description = b.description;
    this.parameters = Map.copyOf(b.parameters);
    this.attributes = Map.copyOf(b.attributes);
    this.commands = Map.copyOf(b.commands);
    Set<String> all = new LinkedHashSet<>(b.states);
    b.commands.values().forEach(c -> all.addAll(c.allowedIn()));
    b.commands.values().stream()
        .map(CommandSpec::targetState)
        .filter(s -> s != null)
        .forEach(all::add);
    b.commands.values().stream()
        .map(CommandSpec::runningState)
        .filter(s -> s != null)
        .forEach(all::add);
    this.states = List.copyOf(all);
    this.orderedParameters = List.copyOf(b.parameters.values());
    this.orderedAttributes = List.copyOf(b.attributes.values());
    this.orderedCommands = List.copyOf(b.commands.values());
  }

  private final List<ParameterSpec> orderedParameters;
  private final List<AttributeSpec> orderedAttributes;
  private final List<CommandSpec> orderedCommands;

  public static Builder builder(String type) {
    return new Builder(type);
  }

  /** The IM class name used in configuration files, e.g. {@code oscilloscope}. */
  public String type() {
    return type;
  }

  public String description() {
    return description;
  }

  /** Every state the IM can be in, the four standard ones first. */
  public List<String> states() {
    return states;
  }

  /** Parameters in declaration order. */
  public List<ParameterSpec> parameters() {
    return orderedParameters;
  }

  /** Attributes in declaration order. */
  public List<AttributeSpec> attributes() {
    return orderedAttributes;
  }

  /** Commands in declaration order. */
  public List<CommandSpec> commands() {
    return orderedCommands;
  }

  public ParameterSpec parameter(String name) throws ImException {
    ParameterSpec p = parameters.get(name);
    if (p == null) {
      throw new ImException(
          FaultCode.UNKNOWN_PARAMETER,
          "no parameter '" + name + "' on " + type + " (has " + parameters.keySet() + ")");
    }
    return p;
  }

  public AttributeSpec attribute(String name) throws ImException {
    AttributeSpec a = attributes.get(name);
    if (a == null) {
      throw new ImException(
          FaultCode.UNKNOWN_ATTRIBUTE,
          "no attribute '" + name + "' on " + type + " (has " + attributes.keySet() + ")");
    }
    return a;
  }

  public CommandSpec command(String name) throws ImException {
    CommandSpec c = commands.get(name);
    if (c == null) {
      throw new ImException(
          FaultCode.UNKNOWN_COMMAND,
          "no command '" + name + "' on " + type + " (has " + commands.keySet() + ")");
    }
    return c;
  }

  /** Collects specs; later declarations of the same name replace earlier ones. */
  public static final class Builder {
    private final String type;
    private String description = "";
    private final List<String> states = new ArrayList<>();
    private final Map<String, ParameterSpec> parameters = new LinkedHashMap<>();
    private final Map<String, AttributeSpec> attributes = new LinkedHashMap<>();
    private final Map<String, CommandSpec> commands = new LinkedHashMap<>();

    private Builder(String type) {
      this.type = type;
      states.addAll(List.of(States.UNLINKED, States.LINKED, States.RUNNING, States.ERROR));
    }

    public Builder description(String d) {
      this.description = d;
      return this;
    }

    public Builder state(String s) {
      if (!states.contains(s)) {
        states.add(s);
      }
      return this;
    }

    public Builder parameter(ParameterSpec p) {
      parameters.put(p.name(), p);
      return this;
    }

    public Builder attribute(AttributeSpec a) {
      attributes.put(a.name(), a);
      return this;
    }

    public Builder command(CommandSpec c) {
      commands.put(c.name(), c);
      return this;
    }

    public ImModel build() {
      return new ImModel(this);
    }
  }
}
