package org.instrumentelement.ie.soap;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Map;
import org.instrumentelement.ie.config.CommandLimits;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.ie.security.Role;
import org.instrumentelement.ie.soap.types.CancelCommand;
import org.instrumentelement.ie.soap.types.CancelCommandResponse;
import org.instrumentelement.ie.soap.types.CommandState;
import org.instrumentelement.ie.soap.types.CommandStatusInfo;
import org.instrumentelement.ie.soap.types.ExecuteCommandResponse;
import org.instrumentelement.ie.soap.types.GetCommandStatus;
import org.instrumentelement.ie.soap.types.GetCommandStatusResponse;
import org.instrumentelement.ie.soap.types.ListCommands;
import org.instrumentelement.ie.soap.types.ListCommandsResponse;
import org.instrumentelement.ie.soap.types.VectorEncoding;
import org.instrumentelement.im.InstrumentManager;
import org.instrumentelement.im.command.CommandRun;
import org.instrumentelement.im.command.CommandRunner;
import org.instrumentelement.im.command.CommandStatus;
import org.instrumentelement.im.command.IntermediateResult;
import org.instrumentelement.im.model.ImException;
import org.instrumentelement.im.model.Value;

/**
 * Long-running commands: starting one without holding the call (or waiting a bounded time), its
 * status, cancel, and the list of those kept. The runs belong to the {@link CommandRunner} of the
 * Instrument Element; this class only checks requests and maps statuses.
 */
final class CommandOperations {
  /** Longest command id quoted back in a fault. */
  private static final int MAX_QUOTED_ID = 64;

  private final ElementView view;

  CommandOperations(ElementView view) {
    this.view = view;
  }

  private CommandRunner runner() throws ImException {
    CommandRunner r = view.ie().commands();
    if (r == null) {
      throw new ImException(
          FaultCode.INTERNAL_ERROR, "the Instrument Element has not started its commands yet");
    }
    return r;
  }

  /**
   * Starts a long-running command: the IM checks the request and enters the command's running state
   * now, the work runs on the runner. Answers at once, or once the command ended within the wait
   * asked for.
   */
  ExecuteCommandResponse start(
      String path, InstrumentManager im, String name, Map<String, Value> args, Double waitSeconds)
      throws ImException {
    Duration wait = waitTime(waitSeconds);
    CommandRunner runner = runner();
    CommandRun run = runner.start(path, name, im.beginCommand(name, args));
    CommandStatus status = run.status();
    if (!wait.isZero()) {
      try {
        status = runner.await(run, wait);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        status = run.status();
      }
    }
    ExecuteCommandResponse r = new ExecuteCommandResponse();
    r.state = im.state();
    r.commandId = run.id();
    r.status = info(status, true, VectorEncoding.XML);
    r.result = r.status.result;
    return r;
  }

  /** The wait a request asks for, capped by {@code commands.maxWait}. */
  private Duration waitTime(Double seconds) throws ImException {
    if (seconds == null || seconds == 0) {
      return Duration.ZERO;
    }
    if (!Double.isFinite(seconds) || seconds < 0) {
      throw new ImException(
          FaultCode.OUT_OF_RANGE, "waitSeconds must be a number of seconds, 0 or more");
    }
    CommandLimits limits = view.ie().config().commands();
    Duration asked = Duration.ofNanos((long) Math.min(seconds * 1e9, Long.MAX_VALUE));
    return asked.compareTo(limits.maxWait()) > 0 ? limits.maxWait() : asked;
  }

  GetCommandStatusResponse getCommandStatus(GetCommandStatus request)
      throws InstrumentElementFault {
    String path = ElementView.required(request == null ? null : request.im, "im");
    String id = ElementView.required(request.commandId, "commandId");
    view.node(path);
    try {
      GetCommandStatusResponse r = new GetCommandStatusResponse();
      r.status =
          info(
              find(path, id).status(),
              true,
              request.encoding == null ? VectorEncoding.XML : request.encoding);
      return r;
    } catch (ImException e) {
      throw view.fault(e, path, null);
    }
  }

  CancelCommandResponse cancelCommand(CancelCommand request) throws InstrumentElementFault {
    String path = ElementView.required(request == null ? null : request.im, "im");
    String id = ElementView.required(request.commandId, "commandId");
    view.node(path);
    try {
      CommandRun run = find(path, id);
      String who = view.caller().name();
      run.cancel(who, FaultCode.CANCELLED, "cancelled by " + who);
      CancelCommandResponse r = new CancelCommandResponse();
      r.status = info(run.status(), false, VectorEncoding.XML);
      return r;
    } catch (ImException e) {
      throw view.fault(e, path, null);
    }
  }

  ListCommandsResponse listCommands(ListCommands request) throws InstrumentElementFault {
    String only = request == null || request.im == null || request.im.isBlank() ? null : request.im;
    if (only != null) {
      view.node(only);
    }
    try {
      ListCommandsResponse r = new ListCommandsResponse();
      r.status = new ArrayList<>();
      for (CommandStatus s : runner().statuses()) {
        boolean wanted =
            only == null ? view.caller().may(Role.OBSERVE, s.im()) : s.im().equals(only);
        if (wanted) {
          r.status.add(info(s, false, VectorEncoding.XML));
        }
      }
      return r;
    } catch (ImException e) {
      throw view.fault(e, only, null);
    }
  }

  /** A run of this IM, or UNKNOWN_COMMAND_ID: a run of another IM is not found through this one. */
  private CommandRun find(String path, String id) throws ImException {
    CommandRun run = runner().find(id).filter(r -> r.im().equals(path)).orElse(null);
    if (run == null) {
      String shown = id.length() > MAX_QUOTED_ID ? "with that id" : "'" + id + "'";
      throw new ImException(
          FaultCode.UNKNOWN_COMMAND_ID,
          "no command "
              + shown
              + " on "
              + path
              + " (never started there, or ended more than "
              + view.ie().config().commands().statusRetention()
              + " ago)");
    }
    return run;
  }

  /** The XML form of a status; results only when asked (lists leave them out). */
  static CommandStatusInfo info(CommandStatus s, boolean results, VectorEncoding encoding) {
    CommandStatusInfo i = new CommandStatusInfo();
    i.commandId = s.id();
    i.im = s.im();
    i.command = s.command();
    i.state = CommandState.valueOf(s.state().name());
    i.progress = s.fraction();
    i.text = s.text();
    i.started = s.started();
    i.ended = s.ended();
    i.elapsedSeconds = seconds(s.elapsed());
    i.remainingSeconds = s.remaining() == null ? null : seconds(s.remaining());
    i.intermediateCount = s.intermediateCount();
    if (results) {
      i.intermediate = new ArrayList<>(s.intermediate().size());
      for (IntermediateResult ir : s.intermediate()) {
        i.intermediate.add(
            ValueMapping.toXml(ir.value(), Long.toString(ir.index()), null, encoding));
      }
      i.result = s.result() == null ? null : ValueMapping.toXml(s.result(), null, null, encoding);
    }
    i.faultCode = s.errorCode() == null ? null : s.errorCode().name();
    i.error = s.error().isEmpty() ? null : s.error();
    i.cancelledBy = s.cancelledBy().isEmpty() ? null : s.cancelledBy();
    return i;
  }

  private static double seconds(Duration d) {
    return d.toNanos() / 1e9;
  }
}
