package org.instrumentelement.ie.server.gate;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;
import org.instrumentelement.ie.contract.FaultCode;

/**
 * Reads the rest of an admitted request's body (what did not come with the headers) without holding
 * a thread while it arrives (non-blocking reads, called back by the container as data comes),
 * within the body deadline, the size limit and the request's memory charge; then hands the complete
 * body to the SOAP stack by dispatching the request again. A body that trickles in therefore costs
 * a connection and its bytes so far, never a worker thread.
 */
final class BodyCollector implements ReadListener, AsyncListener {
  /** Request attribute that carries the complete body to the dispatched request. */
  static final String BODY = CollectedBody.class.getName();

  private final AsyncContext async;
  private final ServletInputStream in;
  private final CollectedBody body;
  private final MemoryBudget.Charge charge;
  private final BodyLimit limit;
  private final Duration deadline;
  private final Runnable whenDone;
  private boolean collected;

  /** The largest body allowed and what to say when one is larger. */
  record BodyLimit(long bytes, String message) {}

  BodyCollector(
      AsyncContext async,
      ServletInputStream in,
      CollectedBody body,
      MemoryBudget.Charge charge,
      BodyLimit limit,
      Duration deadline,
      Runnable whenDone) {
    this.async = async;
    this.in = in;
    this.body = body;
    this.charge = charge;
    this.limit = limit;
    this.deadline = deadline;
    this.whenDone = whenDone;
  }

  /** Starts reading; the container calls back from here on. */
  void start() {
    async.setTimeout(deadline.toMillis());
    async.addListener(this);
    in.setReadListener(this);
  }

  @Override
  public synchronized void onDataAvailable() throws IOException {
    while (!collected && in.isReady()) {
      byte[] room = body.room();
      int n = in.read(room, body.offset(), room.length - body.offset());
      if (n < 0) {
        return; // onAllDataRead follows
      }
      body.filled(n);
      if (body.size() > limit.bytes()) {
        refuse(new Refusal(413, FaultCode.REQUEST_TOO_LARGE, limit.message()));
      } else if (!charge.cover(body.size())) {
        refuse(RequestGate.busy());
      }
    }
  }

  @Override
  public synchronized void onAllDataRead() {
    if (collected) {
      return;
    }
    collected = true;
    async.getRequest().setAttribute(BODY, body);
    async.dispatch();
  }

  @Override
  public synchronized void onError(Throwable t) {
    // The client went away or fell silent longer than the connection timeout: nobody to answer.
    if (!collected) {
      collected = true;
      try {
        async.complete();
      } catch (IllegalStateException alreadyOver) {
        // completed by the container meanwhile
      }
    }
  }

  @Override
  public synchronized void onTimeout(AsyncEvent event) throws IOException {
    if (!collected) {
      refuse(
          new Refusal(
              408,
              FaultCode.REQUEST_TIMEOUT,
              "the request's body did not arrive within "
                  + RequestGate.describe(deadline)
                  + " (http.requestBodyTimeout)"));
    }
  }

  private void refuse(Refusal refusal) throws IOException {
    collected = true;
    refusal.send((HttpServletResponse) async.getResponse(), async);
  }

  @Override
  public void onComplete(AsyncEvent event) {
    charge.release();
    whenDone.run();
  }

  @Override
  public void onError(AsyncEvent event) {
    onError(event.getThrowable());
  }

  @Override
  public void onStartAsync(AsyncEvent event) {
    // not restarted
  }
}
