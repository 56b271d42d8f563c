"""Subscriptions: values in order, with gaps, restarts and reconnections reported.

Behaves like the Java client's ``AttributeSubscriber`` (docs/clients.md): sequence numbers are
checked, missed values are reported as gaps (``on_gap``), a new ``ieEpoch`` means the IE restarted
(``on_restart``, sequences begin again), a value delivered twice (the broker's last image after a
reconnect) is passed on once, and after a reconnect the current value is read with ``get``
(``on_resynchronised``).

Memory stays bounded: each subscription asks the broker for at most ``buffer`` unacknowledged
messages and acknowledges them only once the callback (or the loop over a :class:`Stream`) has
taken them, so a slow consumer makes the broker hold the topic's last ``broker.pendingTime`` of
messages and drop the oldest beyond (the IE counts them as ``discarded``); the consumer then sees
a gap. Should a
broker send more than asked, the oldest values waiting here are dropped (counted in ``dropped``)
and reported as a gap too.

All callbacks of one subscription run on one thread, one at a time, in the order things happened:
a callback never needs a lock against another callback of the same subscription.
"""

import collections
import logging
import threading
import time

from . import messages

log = logging.getLogger("instrument_element")

# Acknowledge at least this often (seconds) when values trickle in, like ActiveMQ's
# optimizeAcknowledge, rather than one frame per message.
ACK_INTERVAL = 0.1


class SequenceTracker:
    """The bookkeeping of one topic's sequence numbers (as ``AttributeSubscriber`` does)."""

    def __init__(self):
        self.last_sequence = 0
        self.last_epoch = 0
        self.received = 0
        self.gaps = 0
        self.missed = 0
        self.duplicates = 0

    def check(self, sequence, epoch, on_restart, on_gap):
        """Whether a value with this sequence and epoch is new; reports restarts and gaps."""
        if self.last_epoch and epoch != self.last_epoch:
            on_restart(self.last_epoch, epoch)
            self.last_sequence = 0
        if self.last_sequence and sequence <= self.last_sequence:
            self.duplicates += 1
            return False
        if self.last_sequence and sequence > self.last_sequence + 1:
            self.gaps += 1
            self.missed += sequence - self.last_sequence - 1
            on_gap(self.last_sequence + 1, sequence)
        self.last_sequence = sequence
        self.last_epoch = epoch
        self.received += 1
        return True


def _ignore(*args):
    pass


class _Inbox:
    """Messages and connection events of one subscription, waiting for its consumer."""

    def __init__(self, capacity):
        self.capacity = capacity
        self.dropped = 0
        self._items = collections.deque()
        self._messages = 0
        self._ready = threading.Condition()

    def put_message(self, headers, body, generation):
        """From the broker connection's receiving thread: never blocks."""
        with self._ready:
            if self._messages >= self.capacity:
                for i, item in enumerate(self._items):
                    if item[0] == "message":
                        del self._items[i]
                        self._messages -= 1
                        self.dropped += 1
                        break
            self._items.append(("message", (headers, body), generation))
            self._messages += 1
            self._ready.notify()

    def put_event(self, kind, payload=None):
        with self._ready:
            self._items.append((kind, payload, None))
            self._ready.notify()

    def take(self, timeout):
        """The next item, or None after ``timeout`` seconds without one."""
        with self._ready:
            if not self._items:
                self._ready.wait(timeout)
                if not self._items:
                    return None
            item = self._items.popleft()
            if item[0] == "message":
                self._messages -= 1
            return item


class _Consumer:
    """What :class:`Subscription` and :class:`Stream` share: the broker side, the sequence
    checks, the callbacks for events and the acknowledgements."""

    def __init__(self, broker, info, resynchronise, buffer, callbacks, max_pending=0):
        if buffer < 1:
            raise ValueError("buffer must be at least 1")
        if max_pending < 0:
            raise ValueError("max_pending must be 0 or more")
        self.info = info
        # Messages the broker may hold for this subscription beyond those in flight; 0: its own.
        self.max_pending = max_pending
        self.topic = info.topic
        self._broker = broker
        self._resynchronise = resynchronise
        self._inbox = _Inbox(buffer)
        self._tracker = SequenceTracker()
        self._on_gap = callbacks.get("on_gap") or _ignore
        self._on_restart = callbacks.get("on_restart") or _ignore
        self._on_connection_lost = callbacks.get("on_connection_lost") or _ignore
        self._on_connection_restored = callbacks.get("on_connection_restored") or _ignore
        self._on_resynchronised = callbacks.get("on_resynchronised") or _ignore
        self._ack_batch = max(1, buffer // 2)
        self._unacked = None  # (message id, generation) of the newest value taken, not acked
        self._unacked_count = 0
        self._last_ack = time.monotonic()
        self._undecodable = 0
        self._closed = threading.Event()
        self._id = None

    # Figures, as the Java client has them.

    @property
    def received(self):
        """Values passed on (in order, each once)."""
        return self._tracker.received

    @property
    def missed(self):
        """Values known to be missed: the sum of all gaps."""
        return self._tracker.missed

    @property
    def gaps(self):
        """Gaps reported."""
        return self._tracker.gaps

    @property
    def duplicates(self):
        """Values delivered twice and passed on once."""
        return self._tracker.duplicates

    @property
    def dropped(self):
        """Values this client dropped itself because a broker sent more than it asked for."""
        return self._inbox.dropped

    # Called by the broker connection.

    def _subscribe(self):
        self._id = self._broker.subscribe(self)

    def _resync(self):
        """After a reconnect: the current value read with ``get`` (retried while the IE starts)."""
        if self._resynchronise is None or self._closed.is_set():
            return
        delay = 0.1
        deadline = time.monotonic() + 30
        while not self._closed.is_set():
            try:
                self._inbox.put_event("resynchronised", self._resynchronise())
                return
            except Exception as e:  # the IE may not serve SOAP yet, or refuse: keep the stream
                if time.monotonic() > deadline:
                    log.warning("could not resynchronise %s after a reconnect: %s", self.topic, e)
                    return
                self._closed.wait(delay)
                delay = min(delay * 2, 2.0)

    # The consuming side.

    def _next_value(self, timeout):
        """Handles items until a new value arrives (returned) or ``timeout`` passes (None)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while not self._closed.is_set():
            wait = ACK_INTERVAL
            if deadline is not None:
                wait = min(wait, deadline - time.monotonic())
                if wait <= 0:
                    return None
            item = self._inbox.take(wait)
            if item is None:
                self._acknowledge(force=True)
                continue
            kind, payload, generation = item
            if kind == "message":
                value = self._decode(payload, generation)
                if value is not None:
                    return value
            elif kind == "connection_lost":
                self._on_connection_lost()
            elif kind == "connection_restored":
                self._on_connection_restored()
            elif kind == "resynchronised":
                self._on_resynchronised(payload)
        return None

    def _decode(self, payload, generation):
        headers, body = payload
        self._taken(headers.get("message-id"), generation)
        try:
            value = messages.decode(headers, body)
        except ValueError as e:
            self._undecodable += 1
            if self._undecodable == 1:
                log.warning("ignoring a message on %s: %s", self.topic, e)
            return None
        if self._tracker.check(value.sequence, value.epoch, self._on_restart, self._on_gap):
            return value
        return None

    def _taken(self, message_id, generation):
        """A message was taken from the inbox: acknowledge it with the next batch."""
        self._acknowledge(force=False)
        if message_id is not None:
            self._unacked = (message_id, generation)
            self._unacked_count += 1

    def _acknowledge(self, force):
        if self._unacked is None:
            return
        now = time.monotonic()
        if force or self._unacked_count >= self._ack_batch or now - self._last_ack >= ACK_INTERVAL:
            message_id, generation = self._unacked
            # "client" acknowledgement is cumulative: this one covers every earlier message.
            self._broker.acknowledge(self._id, message_id, generation)
            self._unacked = None
            self._unacked_count = 0
            self._last_ack = now

    def close(self):
        """Stops the subscription (values still waiting are discarded)."""
        if self._closed.is_set():
            return
        self._closed.set()
        self._broker.unsubscribe(self._id)
        self._inbox.put_event("closed")

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class Subscription(_Consumer):
    """``ie.subscribe(...)``: calls ``callback(value)`` for every new value, on its own thread.

    The optional callbacks: ``on_gap(expected, received)`` (sequence numbers: values in between
    were missed), ``on_restart(old_epoch, new_epoch)``, ``on_connection_lost()``,
    ``on_connection_restored()``, ``on_resynchronised(value)`` (the current value read with
    ``get`` after a reconnect). An exception in a callback is logged and the subscription goes on.
    """

    def __init__(self, broker, info, resynchronise, buffer, callback, callbacks, max_pending=0):
        super().__init__(
            broker,
            info,
            resynchronise,
            buffer,
            {k: _logged(f) for k, f in callbacks.items() if f},
            max_pending,
        )
        self._callback = _logged(callback)
        self._thread = threading.Thread(
            target=self._run, name=f"ie-subscription-{info.topic}", daemon=True
        )

    def _start(self):
        self._subscribe()
        self._thread.start()

    def _run(self):
        while not self._closed.is_set():
            value = self._next_value(None)
            if value is not None:
                self._callback(value)

    def close(self, timeout=5.0):
        """Unsubscribes and waits (up to ``timeout`` s) for a running callback to return."""
        super().close()
        if self._thread.is_alive() and threading.current_thread() is not self._thread:
            self._thread.join(timeout)


class Stream(_Consumer):
    """``ie.stream(...)``: the values of a subscription as an iterator, taken by the loop itself.

    ``for v in ie.stream("lab/scope", "waveform"):`` yields each new value in order; the optional
    callbacks (as for :class:`Subscription`) run in the loop's thread. Leaving the loop (``break``,
    an exception) or closing the stream unsubscribes. With ``timeout``, waiting longer than that
    many seconds for the next value raises ``TimeoutError``.
    """

    def __init__(self, broker, info, resynchronise, buffer, timeout, callbacks, max_pending=0):
        super().__init__(broker, info, resynchronise, buffer, callbacks, max_pending)
        self._timeout = timeout

    def _start(self):
        self._subscribe()

    def __iter__(self):
        try:
            while not self._closed.is_set():
                value = self._next_value(self._timeout)
                if value is None:
                    if self._closed.is_set():
                        return
                    raise TimeoutError(f"no value on {self.topic} within {self._timeout:g} s")
                yield value
        finally:
            self.close()


def _logged(callback):
    def call(*args):
        try:
            callback(*args)
        except Exception:
            log.exception("a subscription callback failed (the subscription goes on)")

    return call
