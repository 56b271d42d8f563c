package org.instrumentelement.ial.mock;

import static org.instrumentelement.ial.mock.BuiltInCommands.none;

import java.util.List;
import org.instrumentelement.ial.scpi.device.CommandTree;
import org.instrumentelement.ial.scpi.device.ProgramData;
import org.instrumentelement.ial.scpi.device.ScpiError;
import org.instrumentelement.ial.scpi.device.ScpiErrorException;

/** A model's setup transfers in its command tree: every setting out as a block, and back in. */
final class SetupCommands {
  private SetupCommands() {}

  static void addTo(CommandTree<MockCommand> tree, DeviceState d) {
    for (MockSetup s : d.description.setups) {
      if (s.query() != null) {
        tree.add(
            s.query(),
            (ch, p) -> none(p, d.definiteBlock(SetupCodec.encode(d.description, d.settings))));
      }
      if (s.command() != null) {
        tree.add(s.command(), MockCommand.takingBlockData((ch, p) -> restore(d, p)));
      }
    }
  }

  private static byte[] restore(DeviceState d, List<ProgramData> params) throws ScpiErrorException {
    if (params.isEmpty()) {
      throw new ScpiErrorException(ScpiError.MISSING_PARAMETER.withDetail("setup block"));
    }
    if (params.size() > 1) {
      throw new ScpiErrorException(ScpiError.PARAMETER_NOT_ALLOWED.withDetail("after the block"));
    }
    if (params.get(0).kind() != ProgramData.Kind.BLOCK) {
      throw new ScpiErrorException(ScpiError.DATA_TYPE.withDetail("a setup is block data"));
    }
    // Checked whole before anything changes: a setup is restored whole or not at all.
    for (SetupCodec.Entry e : SetupCodec.decode(d.description, params.get(0).blockData())) {
      d.settings.set(e.property(), e.channel(), e.value());
    }
    d.changed();
    d.acquisitions.update();
    return null;
  }
}
