package org.instrumentelement.ial.mock;

import java.util.List;
import org.instrumentelement.ial.scpi.device.ProgramData;
import org.instrumentelement.ial.scpi.device.ScpiErrorException;

/** What a simulated device does for one header of its command tree. */
@FunctionalInterface
interface MockCommand {
  /**
   * Executes one program message unit.
   *
   * @param channel the channel the header's {@code {ch}} suffix selects (1 if it has none)
   * @param parameters the parameters as received
   * @return the response (without separator or terminator), or {@code null} for a command
   * @throws ScpiErrorException to queue an error instead
   */
  byte[] execute(int channel, List<ProgramData> parameters) throws ScpiErrorException;

  /** Whether the header takes block data; for any other, a block parameter queues -168. */
  default boolean takesBlockData() {
    return false;
  }

  /** {@code command}, taking block data. */
  static MockCommand takingBlockData(MockCommand command) {
    return new MockCommand() {
      @Override
      public byte[] execute(int channel, List<ProgramData> parameters) throws ScpiErrorException {
        return command.execute(channel, parameters);
      }

      @Override
      public boolean takesBlockData() {
        return true;
      }
    };
  }
}
