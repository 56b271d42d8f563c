package org.instrumentelement.im.managers;

import java.lang.System.Logger.Level;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.instrumentelement.ial.InstrumentSession;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.im.AbstractInstrumentManager;
import org.instrumentelement.im.InstrumentManager;
import org.instrumentelement.im.command.CommandExecution;
import org.instrumentelement.im.command.CommandProgress;
import org.instrumentelement.im.model.ArgumentSpec;
import org.instrumentelement.im.model.AttributeSpec;
import org.instrumentelement.im.model.CommandSpec;
import org.instrumentelement.im.model.ImException;
import org.instrumentelement.im.model.ImModel;
import org.instrumentelement.im.model.States;
import org.instrumentelement.im.model.Value;
import org.instrumentelement.im.model.ValueSpec;

/**
 * An IM without an instrument that groups others (a bench, a lab): its standard commands are passed
 * on to the IMs below it. A child that fails does not stop the others; it shows ERROR. Its
 * long-running {@value #RUN_ON_CHILDREN} runs one command on every child at once and reports each
 * child's progress ({@link ChildrenProgress}).
 */
public class GroupManager extends AbstractInstrumentManager {
  private static final System.Logger LOG = System.getLogger(GroupManager.class.getName());

  /** The long-running command that runs a command on every child. */
  public static final String RUN_ON_CHILDREN = "runOnChildren";

  /** The group's state while {@value #RUN_ON_CHILDREN} runs. */
  public static final String BUSY = "BUSY";

  static final ImModel MODEL =
      standardModel("group")
          .description("Groups the IMs below it and passes commands on.")
          .command(
              new CommandSpec(
                      RUN_ON_CHILDREN,
                      List.of(
                          new ArgumentSpec(
                              "command",
                              ValueSpec.text(64),
                              null,
                              "The command to run on every child that has it, with its default"
                                  + " arguments.")),
                      Set.of(States.LINKED, States.RUNNING),
                      null,
                      "Run a command on every child at once (long-running: progress is the"
                          + " children's mean, each child's in the text; each child's end is an"
                          + " intermediate result).")
                  .longRunning(BUSY))
          .build();

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

  /**
   * Begins the command on every child that has it (a child that refuses it is reported and left
   * out), runs them in parallel, and fails if any child failed. A cancel reaches every child.
   */
  @Override
  protected Value onLongCommand(CommandSpec c, Map<String, Value> args, CommandProgress progress)
      throws ImException {
    if (!c.name().equals(RUN_ON_CHILDREN)) {
      return super.onLongCommand(c, args, progress);
    }
    String command = args.get("command").asString();
    List<InstrumentManager> children = new ArrayList<>();
    for (InstrumentManager child : context().children().get()) {
      if (child.model().commands().stream().anyMatch(k -> k.name().equals(command))) {
        children.add(child);
      }
    }
    if (children.isEmpty()) {
      throw new ImException(
          FaultCode.UNKNOWN_COMMAND, "no IM below " + path() + " has a command '" + command + "'");
    }
    ChildrenProgress all = new ChildrenProgress(progress, children.size());
    List<Thread> threads = new ArrayList<>();
    for (int i = 0; i < children.size(); i++) {
      InstrumentManager child = children.get(i);
      int index = i;
      CommandProgress mine = all.child(i, child.path());
      try {
        CommandExecution execution = child.beginCommand(command, Map.of());
        Thread t =
            new Thread(
                () -> all.ended(index, child.path(), runChild(execution, mine)),
                "ie-command-" + child.path());
        t.setDaemon(true);
        threads.add(t);
      } catch (ImException e) {
        all.ended(index, child.path(), new ChildOutcome(false, e.getMessage()));
      }
    }
    threads.forEach(Thread::start);
    for (Thread t : threads) {
      try {
        t.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new ImException(FaultCode.CANCELLED, "interrupted while the children ran");
      }
    }
    progress.checkCancelled();
    List<String> failed = all.failures();
    if (!failed.isEmpty()) {
      throw new ImException(
          FaultCode.INSTRUMENT_ERROR,
          command + " failed on " + failed.size() + " of " + children.size() + ": " + failed);
    }
    return Value.ofString(command + " succeeded on " + children.size() + " IMs", Instant.now());
  }

  private static ChildOutcome runChild(CommandExecution execution, CommandProgress progress) {
    try {
      execution.run(progress);
      return new ChildOutcome(true, "succeeded");
    } catch (ImException e) {
      return new ChildOutcome(false, e.getMessage());
    } catch (RuntimeException e) {
      LOG.log(Level.ERROR, "a child's command failed", e);
      return new ChildOutcome(false, "internal error");
    }
  }

  /** How one child's command ended. */
  record ChildOutcome(boolean succeeded, String text) {}

  @Override
  protected Value readAttribute(InstrumentSession none, AttributeSpec a) throws ImException {
    throw new ImException(FaultCode.INTERNAL_ERROR, "a group has no attributes");
  }
}
