package org.instrumentelement.ie.server;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A file sent whole or in the one byte range a request asks for ({@code Range: bytes=a-b}, {@code
 * a-}, {@code -n}), streamed (from disk, or from a {@link Content} that can write any part of
 * itself), as an attachment. A request for several ranges, or with a range that is not well-formed,
 * gets the whole file (which HTTP allows); a range that starts past the end gets 416. With an
 * entity tag, a request whose {@code If-Range} names another one gets the whole file.
 */
final class RangedFile {
  /** What is sent: its length known before the first byte, and any part written on request. */
  interface Content {
    long size() throws IOException;

    /** Writes bytes {@code first} to {@code first + length - 1}. */
    void write(OutputStream out, long first, long length) throws IOException;
  }

  private final Content content;
  private final String downloadName;
  private final String contentType;
  private final String entityTag;

  /**
   * @param downloadName the file name a browser saves it as
   */
  RangedFile(Path file, String downloadName, String contentType) {
    this(
        new Content() {
          @Override
          public long size() throws IOException {
            return Files.size(file);
          }

          @Override
          public void write(OutputStream out, long first, long length) throws IOException {
            try (InputStream in = Files.newInputStream(file)) {
              in.skipNBytes(first);
              RecordingDownloadServlet.copy(in, out, length);
            }
          }
        },
        downloadName,
        contentType,
        null);
  }

  /**
   * @param entityTag a quoted entity tag naming this content, or null for none
   */
  RangedFile(Content content, String downloadName, String contentType, String entityTag) {
    this.content = content;
    this.downloadName = downloadName;
    this.contentType = contentType;
    this.entityTag = entityTag;
  }

  /** A byte range, both ends included. */
  record Range(long first, long last) {
    long length() {
      return last - first + 1;
    }
  }

  /**
   * The range a {@code Range} header asks for in a file of {@code size} bytes: null for the whole
   * file; a range with {@code first > last} when none of it is in the file.
   */
  static Range parse(String header, long size) {
    if (header == null || !header.startsWith("bytes=") || header.indexOf(',') >= 0) {
      return null;
    }
    String spec = header.substring("bytes=".length()).trim();
    int dash = spec.indexOf('-');
    if (dash < 0) {
      return null;
    }
    try {
      String a = spec.substring(0, dash).trim();
      String b = spec.substring(dash + 1).trim();
      if (a.isEmpty()) {
        long suffix = Long.parseLong(b);
        if (suffix <= 0) {
          return new Range(1, 0);
        }
        return new Range(Math.max(0, size - suffix), size - 1);
      }
      long first = Long.parseLong(a);
      long last = b.isEmpty() ? size - 1 : Math.min(Long.parseLong(b), size - 1);
      if (first < 0 || (!b.isEmpty() && Long.parseLong(b) < first)) {
        return null; // not well-formed: the whole file
      }
      return first >= size ? new Range(1, 0) : new Range(first, last);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  void send(HttpServletRequest request, HttpServletResponse response) throws IOException {
    long size = content.size();
    String ifRange = request.getHeader("If-Range");
    Range range =
        ifRange != null && !ifRange.equals(entityTag)
            ? null
            : parse(request.getHeader("Range"), size);
    response.setHeader("Accept-Ranges", "bytes");
    if (entityTag != null) {
      response.setHeader("ETag", entityTag);
    }
    response.setHeader("Content-Disposition", "attachment; filename=\"" + downloadName + "\"");
    if (range != null && range.first() > range.last()) {
      response.setStatus(416);
      response.setHeader("Content-Range", "bytes */" + size);
      response.setContentLength(0);
      return;
    }
    long first = range == null ? 0 : range.first();
    long length = range == null ? size : range.length();
    if (range != null) {
      response.setStatus(206);
      response.setHeader("Content-Range", "bytes " + first + "-" + range.last() + "/" + size);
    }
    response.setContentType(contentType);
    response.setContentLengthLong(length);
    if (request.getMethod().equals("HEAD")) {
      return;
    }
    content.write(response.getOutputStream(), first, length);
  }
}
