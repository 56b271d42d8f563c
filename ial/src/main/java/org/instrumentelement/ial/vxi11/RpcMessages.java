package org.instrumentelement.ial.vxi11;

import org.instrumentelement.ial.InstrumentException;

/**
 * ONC RPC version 2 call and reply messages (RFC 5531), with AUTH_NONE: the header a client puts
 * before the arguments and a server before the results, and their checks on the way in.
 */
public final class RpcMessages {
  static final int CALL = 0;
  static final int REPLY = 1;
  static final int RPC_VERSION = 2;
  static final int MSG_ACCEPTED = 0;
  static final int MSG_DENIED = 1;

  /** accept_stat: the procedure ran; results follow. */
  public static final int SUCCESS = 0;

  /** accept_stat: no such program here. */
  public static final int PROG_UNAVAIL = 1;

  /** accept_stat: no such version; the lowest and highest supported follow. */
  public static final int PROG_MISMATCH = 2;

  /** accept_stat: no such procedure. */
  public static final int PROC_UNAVAIL = 3;

  /** accept_stat: the arguments could not be decoded. */
  public static final int GARBAGE_ARGS = 4;

  private static final int AUTH_NONE = 0;
  private static final int MAX_AUTH_BYTES = 400;

  private RpcMessages() {}

  /** A call as the server receives it, positioned at its arguments. */
  public record Call(int xid, int program, int version, int procedure, XdrDecoder arguments) {}

  /** Starts a call with AUTH_NONE credentials; the caller appends the arguments. */
  public static XdrEncoder call(int xid, int program, int version, int procedure) {
    return new XdrEncoder()
        .putInt(xid)
        .putInt(CALL)
        .putInt(RPC_VERSION)
        .putInt(program)
        .putInt(version)
        .putInt(procedure)
        .putInt(AUTH_NONE)
        .putInt(0)
        .putInt(AUTH_NONE)
        .putInt(0);
  }

  /** Reads a call's header. */
  public static Call parseCall(byte[] record) throws RpcFormatException {
    XdrDecoder x = new XdrDecoder(record);
    int xid = x.getInt();
    int type = x.getInt();
    if (type != CALL) {
      throw new RpcFormatException("expected an RPC call, got message type " + type);
    }
    int rpcVersion = x.getInt();
    if (rpcVersion != RPC_VERSION) {
      throw new RpcFormatException("RPC version " + rpcVersion + ", only 2 is spoken");
    }
    int program = x.getInt();
    int version = x.getInt();
    int procedure = x.getInt();
    x.getInt(); // credential flavour: any is accepted, none is checked
    x.getOpaque(MAX_AUTH_BYTES);
    x.getInt();
    x.getOpaque(MAX_AUTH_BYTES);
    return new Call(xid, program, version, procedure, x);
  }

  /**
   * Starts an accepted reply; after {@link #SUCCESS} the caller appends the results, after {@link
   * #PROG_MISMATCH} the lowest and highest versions.
   */
  public static XdrEncoder acceptedReply(int xid, int acceptStat) {
    return acceptedReply(xid, acceptStat, 0);
  }

  /** As {@link #acceptedReply(int, int)}, with room for {@code resultBytes} of results. */
  public static XdrEncoder acceptedReply(int xid, int acceptStat, int resultBytes) {
    return new XdrEncoder(24 + resultBytes)
        .putInt(xid)
        .putInt(REPLY)
        .putInt(MSG_ACCEPTED)
        .putInt(AUTH_NONE)
        .putInt(0)
        .putInt(acceptStat);
  }

  /** The transaction id of a reply, read before anything else so stale replies can be dropped. */
  public static int replyXid(byte[] record) throws RpcFormatException {
    return new XdrDecoder(record).getInt();
  }

  /**
   * Checks a reply's header and returns a decoder at its results.
   *
   * @throws InstrumentException if the server refused the call, naming why
   */
  public static XdrDecoder results(byte[] record) throws InstrumentException {
    XdrDecoder x = new XdrDecoder(record);
    x.getInt(); // xid, checked by the caller
    int type = x.getInt();
    if (type != REPLY) {
      throw new RpcFormatException("expected an RPC reply, got message type " + type);
    }
    int replyStat = x.getInt();
    if (replyStat == MSG_DENIED) {
      int rejectStat = x.getInt();
      throw new InstrumentException(
          "the RPC server denied the call: "
              + (rejectStat == 0 ? "RPC version mismatch" : "authentication error"));
    }
    if (replyStat != MSG_ACCEPTED) {
      throw new RpcFormatException(
          "RPC reply status " + replyStat + " is neither accepted nor denied");
    }
    x.getInt();
    x.getOpaque(MAX_AUTH_BYTES);
    int acceptStat = x.getInt();
    switch (acceptStat) {
      case SUCCESS -> {
        return x;
      }
      case PROG_UNAVAIL -> throw new InstrumentException("RPC program not available there");
      case PROG_MISMATCH ->
          throw new InstrumentException(
              "RPC program version not supported (server has "
                  + x.getUnsignedInt()
                  + ".."
                  + x.getUnsignedInt()
                  + ")");
      case PROC_UNAVAIL -> throw new InstrumentException("RPC procedure not available");
      case GARBAGE_ARGS ->
          throw new InstrumentException("the RPC server could not decode the call");
      default ->
          throw new InstrumentException("RPC system error (accept status " + acceptStat + ")");
    }
  }
}
