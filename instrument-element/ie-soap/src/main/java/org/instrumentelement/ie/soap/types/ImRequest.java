package org.instrumentelement.ie.soap.types;

/**
 * A request about one IM (or, where {@code im} is optional and absent, about all of them). Lets
 * interceptors (access control, audit) find the target without knowing each operation.
 */
public interface ImRequest {
  /** The IM path the request names, or null. */
  String targetIm();
}
