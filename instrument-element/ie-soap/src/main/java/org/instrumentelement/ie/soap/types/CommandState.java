package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlEnum;
import jakarta.xml.bind.annotation.XmlType;

/** Where a long-running command is: running, or how it ended. */
@XmlType(name = "CommandState")
@XmlEnum
public enum CommandState {
  RUNNING,
  SUCCEEDED,
  FAILED,
  CANCELLED
}
