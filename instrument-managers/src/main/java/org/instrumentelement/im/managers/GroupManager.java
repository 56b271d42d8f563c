package org.instrumentelement.im.managers;

import java.lang.System.Logger.Level;
import java.util.Map;
import org.instrumentelement.ial.InstrumentSession;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.im.AbstractInstrumentManager;
import org.instrumentelement.im.InstrumentManager;
import org.instrumentelement.im.model.AttributeSpec;
import org.instrumentelement.im.model.ImException;
import org.instrumentelement.im.model.ImModel;
import org.instrumentelement.im.model.States;
import org.instrumentelement.im.model.Value;

/**
 * An IM without an instrument that groups others (a bench, a lab): its standard commands are passed
 * on to the IMs below it. A child that fails does not stop the others; it shows ERROR.
 */
public class GroupManager extends AbstractInstrumentManager {
  private static final System.Logger LOG = System.getLogger(GroupManager.class.getName());

  static final ImModel MODEL =
      standardModel("group").description("Groups the IMs below it and passes commands on.").build();

  public GroupManager() {
    super(MODEL);
  }

  @Override
  protected boolean needsInstrument() {
    return false;
  }

  @Override
  protected void onLink(InstrumentSession none) {
    forward(LINK, States.UNLINKED, States.ERROR);
  }

  @Override
  protected void onUnlink(InstrumentSession none) {
    forward(UNLINK, States.LINKED, States.RUNNING, States.ERROR);
  }

  @Override
  protected void onStart(InstrumentSession none) {
    forward(START, States.LINKED);
  }

  @Override
  protected void onStop(InstrumentSession none) {
    forward(STOP, States.RUNNING);
  }

  private void forward(String command, String... fromStates) {
    for (InstrumentManager child : context().children().get()) {
      boolean applies = false;
      for (String s : fromStates) {
        applies |= child.state().equals(s);
      }
      if (!applies || child.model().commands().stream().noneMatch(c -> c.name().equals(command))) {
        continue;
      }
      try {
        child.executeCommand(command, Map.of());
      } catch (ImException e) {
        LOG.log(
            Level.WARNING,
            "{0}: {1} failed on {2}: {3}",
            path(),
            command,
            child.path(),
            e.getMessage());
      }
    }
  }

  @Override
  protected Value readAttribute(InstrumentSession none, AttributeSpec a) throws ImException {
    throw new ImException(FaultCode.INTERNAL_ERROR, "a group has no attributes");
  }
}
