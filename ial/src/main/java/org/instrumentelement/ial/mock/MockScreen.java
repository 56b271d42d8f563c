package org.instrumentelement.ial.mock;

import java.util.List;
import java.util.Map;
import org.instrumentelement.ial.scpi.device.HeaderPattern;

/**
 * A picture of the screen, answered as a block ({@code :DISPlay:DATA? PNG} on a Keysight scope,
 * {@code HCOPy:DATA?} on a Rohde &amp; Schwarz one) or saved to a file ({@link MockDisk}): the
 * graticule and the trace of every displayed channel of {@code block}, drawn as {@link ScreenImage}
 * draws them, encoded as an image file that any image library opens.
 *
 * @param query the query answering the picture, or {@code null} if it is only saved to files
 * @param block the block whose traces are drawn
 * @param display a per-channel boolean property saying which channels are shown, or {@code null}
 *     for all of them
 * @param format an image format ({@code png}, {@code bmp}, {@code jpeg}, {@code gif}, {@code
 *     tiff}), or a property whose value {@code formats} maps to one
 * @param formats keyword (or property value) to image format; the keywords a {@code format}
 *     parameter may name
 * @param palettes keyword to {@code color} or {@code gray}, for a {@code palette} parameter
 * @param parameters what the query's optional parameters name, in order: {@code format}, {@code
 *     palette}, {@code invert} (ON or OFF), {@code ignore} (checked for being a keyword only)
 * @param invert a boolean property that inverts the colours when on (an ink saver), or {@code
 *     null}; an {@code invert} parameter takes precedence
 */
record MockScreen(
    String name,
    HeaderPattern query,
    String block,
    String display,
    String format,
    Map<String, String> formats,
    Map<String, String> palettes,
    List<String> parameters,
    String invert) {

  /** The image formats a screen may be encoded in. */
  static final List<String> IMAGE_FORMATS = List.of("png", "bmp", "jpeg", "gif", "tiff");

  /** The parameter roles a screen query understands. */
  static final List<String> ROLES = List.of("format", "palette", "invert", "ignore");
}
