package org.instrumentelement.ial.scpi.device;

import java.util.List;
import java.util.stream.Collectors;

/**
 * A received command or query header, with the compound-header path already applied: {@code
 * :TRIG:EDGE:SOUR CHAN1;LEV 1} gives {@code TRIG:EDGE:LEV} for the second unit.
 *
 * @param common whether it is an IEEE 488.2 common command ({@code *RST}); then {@code nodes} holds
 *     the one mnemonic, star included
 * @param nodes the mnemonics from the root
 * @param query whether it ended with {@code ?}
 */
public record ProgramHeader(boolean common, List<HeaderNode> nodes, boolean query) {

  @Override
  public String toString() {
    String path = nodes.stream().map(HeaderNode::toString).collect(Collectors.joining(":"));
    return (common ? "" : ":") + path + (query ? "?" : "");
  }
}
