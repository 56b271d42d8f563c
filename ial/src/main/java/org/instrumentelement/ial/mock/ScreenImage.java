package org.instrumentelement.ial.mock;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import javax.imageio.ImageIO;

/**
 * Draws a simulated scope's screen: a dark background, a graticule of its divisions (10 by 8 on an
 * InfiniiVision, 12 by 8 on a DS1000Z, 12 by 10 on an RTB2000) and each shown channel's trace in
 * its colour (yellow, green, blue, red, as InfiniiVision scopes draw them), then encodes it with
 * the JDK's image writers. No text is drawn: a headless JDK may have no fonts.
 */
final class ScreenImage {
  static final int WIDTH = 800;
  static final int HEIGHT = 480;
  private static final Color[] CHANNEL_COLOURS = {
    new Color(0xF2, 0xE6, 0x1B), new Color(0x2E, 0xD1, 0x4B),
    new Color(0x3E, 0x8E, 0xF7), new Color(0xF0, 0x4E, 0x4E)
  };

  /**
   * One trace: its samples in volts and how the screen shows them (volts per division, the volts at
   * the centre line, the number of vertical divisions).
   */
  record Trace(int channel, double[] volts, double scale, double offset, int divisions) {}

  private ScreenImage() {}

  /**
   * The screen as an image file.
   *
   * @param horizontalDivisions how many divisions the time axis spans
   * @param format {@code png}, {@code bmp}, {@code jpeg}, {@code gif} or {@code tiff}
   * @param gray whether it is drawn in shades of grey
   * @param invert whether its colours are inverted (the "ink saver" of a printed screen)
   */
  static byte[] encode(
      List<Trace> traces, int horizontalDivisions, String format, boolean gray, boolean invert) {
    BufferedImage colour = draw(traces, horizontalDivisions);
    BufferedImage out = colour;
    if (invert) {
      for (int y = 0; y < HEIGHT; y++) {
        for (int x = 0; x < WIDTH; x++) {
          out.setRGB(x, y, ~colour.getRGB(x, y) & 0xFFFFFF);
        }
      }
    }
    if (gray) {
      BufferedImage g = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_BYTE_GRAY);
      Graphics2D g2 = g.createGraphics();
      g2.drawImage(out, 0, 0, null);
      g2.dispose();
      out = g;
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try {
      if (!ImageIO.write(out, format, bytes)) {
        throw new IllegalStateException("the JDK has no " + format + " image writer");
      }
    } catch (IOException e) {
      throw new IllegalStateException("encoding the screen failed", e);
    }
    return bytes.toByteArray();
  }

  private static BufferedImage draw(List<Trace> traces, int horizontalDivisions) {
    BufferedImage image = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = image.createGraphics();
    g.setColor(new Color(0x10, 0x10, 0x10));
    g.fillRect(0, 0, WIDTH, HEIGHT);
    int verticalDivisions = traces.isEmpty() ? 8 : traces.get(0).divisions();
    g.setColor(new Color(0x50, 0x50, 0x50));
    for (int i = 0; i <= horizontalDivisions; i++) {
      int x = Math.min(WIDTH - 1, i * WIDTH / Math.max(1, horizontalDivisions));
      g.drawLine(x, 0, x, HEIGHT - 1);
    }
    for (int i = 0; i <= verticalDivisions; i++) {
      int y = Math.min(HEIGHT - 1, i * HEIGHT / verticalDivisions);
      g.drawLine(0, y, WIDTH - 1, y);
    }
    g.setStroke(new BasicStroke(1.5f));
    for (Trace t : traces) {
      g.setColor(CHANNEL_COLOURS[(t.channel() - 1) % CHANNEL_COLOURS.length]);
      drawTrace(g, t);
    }
    g.dispose();
    return image;
  }

  /** One vertical line per pixel column from the lowest to the highest sample it covers. */
  private static void drawTrace(Graphics2D g, Trace t) {
    double[] v = t.volts();
    if (v.length == 0) {
      return;
    }
    double pixelsPerVolt = HEIGHT / (t.divisions() * t.scale());
    int lastY = Integer.MIN_VALUE;
    for (int x = 0; x < WIDTH; x++) {
      int from = (int) ((long) x * v.length / WIDTH);
      int to = Math.max(from + 1, (int) ((long) (x + 1) * v.length / WIDTH));
      double lo = Double.POSITIVE_INFINITY;
      double hi = Double.NEGATIVE_INFINITY;
      for (int i = from; i < to && i < v.length; i++) {
        lo = Math.min(lo, v[i]);
        hi = Math.max(hi, v[i]);
      }
      int yHi = y(hi, t, pixelsPerVolt);
      int yLo = y(lo, t, pixelsPerVolt);
      if (lastY != Integer.MIN_VALUE) {
        g.drawLine(x - 1, lastY, x, (yHi + yLo) / 2);
      }
      g.drawLine(x, yHi, x, yLo);
      lastY = (yHi + yLo) / 2;
    }
  }

  private static int y(double volts, Trace t, double pixelsPerVolt) {
    double y = HEIGHT / 2.0 - (volts - t.offset()) * pixelsPerVolt;
    return (int) Math.round(Math.max(-1, Math.min(HEIGHT, y)));
  }
}
