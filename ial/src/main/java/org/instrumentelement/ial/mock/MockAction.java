package org.instrumentelement.ial.mock;

import java.time.Duration;
import java.util.Map;

/**
 * A command without a property of its own ({@code :RUN}, {@code :AUToscale}): it sets properties to
 * fixed values, or, for a query header, answers a fixed reply.
 *
 * @param sets property name to the SCPI argument it is set to (all channels of a per-channel one)
 * @param response the reply to a query header, or {@code null} for a command
 * @param delay how long the device takes before the reply is ready (zero: at once)
 */
record MockAction(
    String name, ScpiHeader header, Map<String, String> sets, String response, Duration delay) {}
