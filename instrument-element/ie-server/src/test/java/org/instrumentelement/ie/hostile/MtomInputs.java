package org.instrumentelement.ie.hostile;

import static org.instrumentelement.ie.hostile.HostileInput.operation;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * MTOM (multipart/related XOP) packages that are broken or abusive: too many parts, references to
 * parts that are missing or outside the package, boundaries that do not match.
 */
final class MtomInputs {
  private MtomInputs() {}

  static final String MALFORMED = "MALFORMED_REQUEST";
  static final String BOUNDARY = "uuid:4f0c9d1e-hostile";
  static final String XOP = "http://www.w3.org/2004/08/xop/include";

  static List<HostileInput> inputs() {
    String setWithPart =
        setTriggerLevel("<xop:Include xmlns:xop=\"" + XOP + "\" href=\"cid:part0\"/>");
    return List.of(
        mtom("51 attachments", "REQUEST_TOO_LARGE", getStateRoot(), attachments(51)),
        mtom("500 attachments", "REQUEST_TOO_LARGE", getStateRoot(), attachments(500)),
        mtom(
            "51 attachments with the vector in the last",
            "REQUEST_TOO_LARGE",
            setWithPart.replace("cid:part0", "cid:part50"),
            attachments(51)),
        mtom("reference to a missing part", MALFORMED, setWithPart, attachments(0)),
        mtom(
            "reference to a file",
            MALFORMED,
            setWithPart.replace("cid:part0", "file:///etc/passwd"),
            attachments(1)),
        mtom(
            "reference to a URL",
            MALFORMED,
            setWithPart.replace("cid:part0", Canary.URL),
            attachments(1)),
        mtom(
            "reference with children",
            MALFORMED,
            setWithPart.replace("\"cid:part0\"/>", "\"cid:part0\"><x/></xop:Include>"),
            attachments(1)),
        mtom(
            "reference in a text field",
            MALFORMED,
            operation(
                "getState",
                "<ie:im><xop:Include xmlns:xop=\"" + XOP + "\" href=\"cid:part0\"/></ie:im>"),
            attachments(1)),
        new HostileInput(
            "boundary other than declared",
            multipart(getStateRoot(), attachments(1)),
            contentType().replace(BOUNDARY, "uuid:other"),
            HostileInput.ADMIN,
            500,
            MALFORMED),
        new HostileInput(
            "only a closing boundary",
            ("--" + BOUNDARY + "--\r\n").getBytes(StandardCharsets.US_ASCII),
            contentType(),
            HostileInput.ADMIN,
            500,
            MALFORMED),
        mtom("root part is not XML", MALFORMED, "this is not XML", attachments(0)),
        mtom(
            "1,000 headers in one part",
            "REQUEST_TOO_LARGE",
            getStateRoot(),
            List.of(new Part("part0", headers(1000), new byte[8]))));
  }

  record Part(String id, String extraHeaders, byte[] content) {}

  static HostileInput mtom(String name, String code, String envelope, List<Part> parts) {
    return new HostileInput(
        name, multipart(envelope, parts), contentType(), HostileInput.ADMIN, 500, code);
  }

  static String contentType() {
    return "multipart/related; type=\"application/xop+xml\"; boundary=\""
        + BOUNDARY
        + "\"; start=\"<root.message@ie>\"; start-info=\"text/xml\"";
  }

  static String getStateRoot() {
    return HostileInput.getState("lab/scope");
  }

  static String setTriggerLevel(String data) {
    return operation(
        "setAttribute",
        "<ie:im>lab/scope</ie:im><ie:attribute>triggerLevel</ie:attribute>"
            + "<ie:value><ie:data>"
            + data
            + "</ie:data></ie:value>");
  }

  static List<Part> attachments(int n) {
    List<Part> parts = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      parts.add(new Part("part" + i, "", new byte[8]));
    }
    return parts;
  }

  static String headers(int n) {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < n; i++) {
      s.append("X-Filler-").append(i).append(": x\r\n");
    }
    return s.toString();
  }

  static byte[] multipart(String root, List<Part> parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ascii(out, "--" + BOUNDARY + "\r\n");
    ascii(out, "Content-Type: application/xop+xml; charset=UTF-8; type=\"text/xml\"\r\n");
    ascii(out, "Content-Transfer-Encoding: binary\r\nContent-ID: <root.message@ie>\r\n\r\n");
    out.writeBytes(root.getBytes(StandardCharsets.UTF_8));
    for (Part p : parts) {
      ascii(out, "\r\n--" + BOUNDARY + "\r\n");
      ascii(out, "Content-Type: application/octet-stream\r\nContent-Transfer-Encoding: binary\r\n");
      ascii(out, "Content-ID: <" + p.id() + ">\r\n" + p.extraHeaders() + "\r\n");
      out.writeBytes(p.content());
    }
    ascii(out, "\r\n--" + BOUNDARY + "--\r\n");
    return out.toByteArray();
  }

  private static void ascii(ByteArrayOutputStream out, String s) {
    out.writeBytes(s.getBytes(StandardCharsets.US_ASCII));
  }
}
