package org.instrumentelement.ie.server;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.ie.recording.Recordings;
import org.instrumentelement.ie.recording.SegmentFile;
import org.instrumentelement.ie.recording.StoredRecording;
import org.instrumentelement.ie.security.Caller;
import org.instrumentelement.ie.security.Role;
import org.instrumentelement.ie.server.gate.Refusal;
import org.instrumentelement.ie.server.gate.RequestGate;
import org.instrumentelement.im.model.ImException;

/**
 * Recordings over HTTP, for browsers, {@code curl} and the portal's links: {@code
 * /recordings/<recording>/<segment file>} is one segment (HDF5, with range requests), {@code
 * /recordings/<recording>.zip} every complete segment in one stored zip file, with range requests
 * too. The {@link RequestGate} has authenticated the caller (HTTP Basic, the SOAP users); the
 * caller needs observe on every IM in the recording, else the recording is answered as unknown
 * (404).
 */
public final class RecordingDownloadServlet extends HttpServlet {
  private static final long serialVersionUID = 1L;

  /** Where it is mapped in the context. */
  public static final String PATH = "/recordings";

  private static final int BUFFER = 64 * 1024;

  private final transient Recordings recordings;
  private final transient SegmentChecksums checksums = new SegmentChecksums();

  public RecordingDownloadServlet(Recordings recordings) {
    this.recordings = recordings;
  }

  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    try {
      serve(request, response);
    } catch (Refusal r) {
      r.send(request, response);
    }
  }

  private void serve(HttpServletRequest request, HttpServletResponse response)
      throws IOException, Refusal {
    String info = request.getPathInfo() == null ? "" : request.getPathInfo();
    String[] parts = info.startsWith("/") ? info.substring(1).split("/", -1) : new String[0];
    if (parts.length == 1 && parts[0].endsWith(".zip")) {
      String id = parts[0].substring(0, parts[0].length() - ".zip".length());
      zip(readable(request, id), request, response);
    } else if (parts.length == 2) {
      StoredRecording r = readable(request, parts[0]);
      Path file;
      try {
        file = recordings.segment(r.id(), parts[1]);
      } catch (ImException e) {
        throw new Refusal(404, e.code(), FaultText.of(e.getMessage(), List.of(parts)));
      }
      new RangedFile(file, r.id() + "-" + parts[1], "application/x-hdf5").send(request, response);
    } else {
      throw new Refusal(
          404,
          FaultCode.UNKNOWN_RECORDING,
          "no such download: recordings are at recordings/<recording>.zip and"
              + " recordings/<recording>/<segment file>");
    }
  }

  /** The recording, if the caller may observe every IM in it (else unknown, as if absent). */
  private StoredRecording readable(HttpServletRequest request, String id) throws Refusal {
    Caller caller =
        request.getAttribute(RequestGate.CALLER) instanceof Caller c ? c : Caller.NOBODY;
    try {
      StoredRecording r = recordings.describe(id);
      if (caller.mayAll(Role.OBSERVE, r.ims())) {
        return r;
      }
    } catch (ImException | RuntimeException e) {
      // Absent, unreadable, or failing in any way: answered below, as one the caller may not see.
    }
    throw new Refusal(
        404, FaultCode.UNKNOWN_RECORDING, FaultText.of("no recording '" + id + "'", List.of(id)));
  }

  /**
   * Every complete segment, one stored zip entry each, with ranges: the zip is laid out from the
   * segments' sizes and checksums before it is sent. Its entity tag names the segments it holds, so
   * that a resumed download of a recording still being written ({@code If-Range}) gets the whole
   * zip again once a segment was added.
   */
  private void zip(StoredRecording r, HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    List<StoredZip.Entry> entries = new ArrayList<>();
    for (SegmentFile s : r.segments()) {
      Path file;
      try {
        file = recordings.segment(r.id(), s.name());
      } catch (ImException e) {
        continue; // deleted meanwhile
      }
      BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
      entries.add(
          new StoredZip.Entry(
              r.id() + "/" + s.name(),
              file,
              a.size(),
              checksums.crc(file, a),
              a.lastModifiedTime().toInstant()));
    }
    StoredZip zip = new StoredZip(entries);
    String tag = "\"" + r.id() + "-" + entries.size() + "-" + zip.size() + "\"";
    new RangedFile(zip, r.id() + ".zip", "application/zip", tag).send(request, response);
  }

  /** Copies {@code length} bytes. */
  static void copy(InputStream in, OutputStream out, long length) throws IOException {
    byte[] buffer = new byte[BUFFER];
    long left = length;
    while (left > 0) {
      int n = in.read(buffer, 0, (int) Math.min(buffer.length, left));
      if (n < 0) {
        break;
      }
      out.write(buffer, 0, n);
      left -= n;
    }
  }
}
