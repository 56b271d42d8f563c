package org.instrumentelement.ie.recording;

import java.util.LinkedHashMap;
import java.util.Map;
import org.instrumentelement.ie.element.ImNode;
import org.instrumentelement.im.InstrumentManager;
import org.instrumentelement.im.model.AttributeSpec;
import org.instrumentelement.im.model.ImException;
import org.instrumentelement.im.model.Value;
import org.instrumentelement.im.model.ValueType;

/**
 * What a reader needs to interpret one recorded attribute: its units, and for a vector of an IM
 * that has them, the time axis ({@code timeIncrement}, {@code timeOrigin} of an oscilloscope), read
 * from the IM when the recording starts and again after a parameter of the IM changed.
 *
 * @param axis attribute name to value (seconds for the scope's time axis)
 */
record ItemAxis(String units, ValueType type, Map<String, Double> axis) {

  /** Names of IM attributes that describe the samples of its vectors. */
  static final String[] AXIS_ATTRIBUTES = {"timeIncrement", "timeOrigin"};

  ItemAxis {
    axis = Map.copyOf(axis);
  }

  /** Reads the axis of an item now (one instrument read per axis attribute, for vectors only). */
  static ItemAxis of(ImNode node, String attribute) {
    InstrumentManager im = node.im();
    try {
      AttributeSpec spec = im.model().attribute(attribute);
      Map<String, Double> axis = new LinkedHashMap<>();
      if (spec.spec().type() == ValueType.DOUBLE_ARRAY) {
        for (String name : AXIS_ATTRIBUTES) {
          if (im.model().attributes().stream().anyMatch(a -> a.name().equals(name))) {
            try {
              Value v = im.getAttribute(name);
              axis.put(name, v.asDouble());
            } catch (ImException | RuntimeException e) {
              // not readable now (IM unlinked or in ERROR): the segment goes without it
            }
          }
        }
      }
      return new ItemAxis(spec.spec().units(), spec.spec().type(), axis);
    } catch (ImException e) {
      return new ItemAxis("", null, Map.of());
    }
  }
}
