package org.instrumentelement.ie.benchmark;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes the {@link Results} as indented JSON, every figure rounded to three decimals (the
 * measurements are not more precise than that) and an unmeasured one (NaN) as {@code null}.
 */
final class ResultsFile {
  private static final ObjectWriter WRITER = writer();

  private ResultsFile() {}

  /** The results as the file holds them. */
  static String json(Results results) throws IOException {
    return WRITER.writeValueAsString(results) + "\n";
  }

  /** Writes the file, creating its directory. */
  static void write(Results results, Path file) throws IOException {
    Files.createDirectories(file.toAbsolutePath().getParent());
    Files.writeString(file, json(results));
  }

  private static ObjectWriter writer() {
    SimpleModule figures = new SimpleModule("benchmark-figures");
    figures.addSerializer(Double.class, new FigureSerializer());
    figures.addSerializer(Double.TYPE, new FigureSerializer());
    DefaultPrettyPrinter indented =
        new DefaultPrettyPrinter()
            .withSeparators(
                Separators.createDefaultInstance()
                    .withObjectFieldValueSpacing(Separators.Spacing.AFTER));
    indented.indentArraysWith(DefaultIndenter.SYSTEM_LINEFEED_INSTANCE);
    return new ObjectMapper().registerModule(figures).writer(indented);
  }

  /** A figure: three decimals, or null when it is not a number. */
  private static final class FigureSerializer extends JsonSerializer<Double> {
    @Override
    public void serialize(Double value, JsonGenerator out, SerializerProvider provider)
        throws IOException {
      if (Double.isFinite(value)) {
        out.writeNumber(Math.round(value * 1000) / 1000.0);
      } else {
        out.writeNull();
      }
    }
  }
}
