package org.instrumentelement.ial.mock;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.instrumentelement.ial.scpi.device.HeaderPattern;

/**
 * A command or query that is not one property's ({@code :RUN}, {@code CONFigure:VOLTage:DC}, {@code
 * MEASure:VOLTage:DC?}): it sets properties to fixed values, may take parameters that set
 * properties, and a query answers a fixed text or one of the model's computed replies.
 *
 * @param sets property name to the value it is set to (all channels of a per-channel one)
 * @param parameters properties that the optional parameters, in order, set ({@code range,
 *     resolution})
 * @param accepts a property whose values the parameters may name, any number of them, checked but
 *     not stored ({@code :DIGitize CHANnel1,CHANnel2}), or {@code null}
 * @param response the fixed reply of a query, or {@code null}
 * @param answer the computed reply a query answers ({@code MEASure?} answers {@code read}), or
 *     {@code null}
 * @param takes a computed reply rendered into memory without answering ({@code INITiate} takes the
 *     readings that {@code FETCh?} then answers), or {@code null}
 * @param delay how long the device takes before the reply is ready (zero: at once)
 * @param divide what each number its parameters set is divided by before it is stored, where the
 *     command names a setting in other units: {@code CHANnel1:RANGe 5} sets a scale of 0.5 V/div on
 *     a screen of 10 divisions (1 for none)
 */
record MockAction(
    String name,
    HeaderPattern header,
    Map<String, String> sets,
    List<String> parameters,
    String accepts,
    String response,
    String answer,
    String takes,
    Duration delay,
    double divide) {}
