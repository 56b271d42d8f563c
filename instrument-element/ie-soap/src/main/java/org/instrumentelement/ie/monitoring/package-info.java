/**
 * The information and monitoring service (IMS): liveness and readiness, Instrument Manager states,
 * subscription figures, request rates and latencies and process figures, as Prometheus metrics
 * (Micrometer) on {@code <contextPath>/metrics} and through the SOAP operation getStatus.
 */
package org.instrumentelement.ie.monitoring;
