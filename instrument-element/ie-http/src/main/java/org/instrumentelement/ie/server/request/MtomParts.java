package org.instrumentelement.ie.server.request;

import java.io.IOException;
import java.util.Collection;
import java.util.Locale;
import org.apache.cxf.message.Attachment;
import org.apache.cxf.message.Message;
import org.instrumentelement.ie.contract.FaultCode;

/**
 * The MTOM parts of a request. CXF reads them lazily, as they are asked for; a part past the limit
 * or a broken package then fails wherever that happens, even while the answer is written (which
 * used to leave an empty HTTP 200). Reading them here, before the service runs, turns such failures
 * into faults.
 */
public final class MtomParts implements CheckedRequestReader.AttachmentLookup {
  /** Most attachments in one request (CXF's {@code attachment-max-count}). */
  public static final int MAX_ATTACHMENTS = 50;

  private final Message message;

  public MtomParts(Message message) {
    this.message = message;
  }

  @Override
  public boolean has(String contentId) throws RequestRefused {
    Collection<Attachment> parts = message.getAttachments();
    if (parts == null) {
      return false;
    }
    int read = 0;
    try {
      for (Attachment a : parts) {
        read++;
        if (contentId.equals(a.getId())) {
          return true;
        }
      }
      return false;
    } catch (RuntimeException e) {
      throw refusal(e, read);
    }
  }

  /**
   * Reads every part.
   *
   * @throws RequestRefused REQUEST_TOO_LARGE past a limit, MALFORMED_REQUEST if the package is
   *     broken
   */
  public void readAll() throws RequestRefused {
    Collection<Attachment> parts = message.getAttachments();
    if (parts == null) {
      return;
    }
    int read = 0;
    try {
      for (Attachment ignored : parts) {
        read++;
      }
    } catch (RuntimeException e) {
      throw refusal(e, read);
    }
  }

  private static RequestRefused refusal(RuntimeException e, int read) {
    if (!(e.getCause() instanceof IOException io)) {
      throw e;
    }
    if (read >= MAX_ATTACHMENTS) {
      return new RequestRefused(
          FaultCode.REQUEST_TOO_LARGE,
          "an MTOM request holds at most " + MAX_ATTACHMENTS + " attachments");
    }
    String why = String.valueOf(io.getMessage()).toLowerCase(Locale.ROOT);
    if (why.contains("header")) {
      return new RequestRefused(
          FaultCode.REQUEST_TOO_LARGE, "an MTOM part has more headers than the IE reads");
    }
    return new RequestRefused(
        FaultCode.MALFORMED_REQUEST, "the MTOM package cannot be read past part " + (read + 1));
  }
}
