package org.instrumentelement.ie.soap;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.instrumentelement.ie.security.Role;

/**
 * What a SOAP operation needs and how it is kept, declared once on its method of {@link
 * InstrumentElementPort}: the access check, the audit log and docs/soap-api.md's role column all
 * read it (a test holds the three together). An operation without one is refused at start-up.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Access {
  /** The role the caller needs on the IM the request names (or anywhere, for one naming none). */
  Role role();

  /** Whether the operation is recorded in the audit log, refused attempts included. */
  boolean audited() default false;

  /**
   * Whether the operation changes an instrument, so that another caller's reservation of the IM
   * refuses it.
   */
  boolean controlling() default false;
}
