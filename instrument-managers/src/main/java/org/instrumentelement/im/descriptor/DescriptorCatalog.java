package org.instrumentelement.im.descriptor;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.instrumentelement.ial.discovery.IdentityCatalog;
import org.instrumentelement.ial.discovery.IdentityMatch;

/**
 * The bundled SCPI descriptors as an {@link IdentityCatalog}: a descriptor fits the instruments
 * whose {@code manufacturer,model} its {@code identity.matches} pattern matches (any case, the
 * whole of it), and drives them as IM type {@code scpi}. Found by discovery through {@code
 * META-INF/services}.
 */
public final class DescriptorCatalog implements IdentityCatalog {
  private final Map<String, Pattern> patterns = new LinkedHashMap<>();

  /** Reads the {@code identity.matches} of every bundled descriptor. */
  public DescriptorCatalog() {
    for (String name : InstrumentDescriptor.BUNDLED) {
      try {
        Properties p = InstrumentDescriptor.read(name);
        String matches = p.getProperty("identity.matches");
        if (matches != null) {
          patterns.put(name, Pattern.compile(matches.trim(), Pattern.CASE_INSENSITIVE));
        }
      } catch (IOException | PatternSyntaxException e) {
        // DescriptorParser reports a broken descriptor when an IM opens it; here it fits nothing
      }
    }
  }

  @Override
  public List<IdentityMatch> matches(String identity) {
    String makeAndModel = IdentityCatalog.makeAndModel(identity);
    List<IdentityMatch> out = new ArrayList<>();
    if (makeAndModel.isEmpty()) {
      return out;
    }
    patterns.forEach(
        (name, pattern) -> {
          if (pattern.matcher(makeAndModel).matches()) {
            Map<String, String> settings = new LinkedHashMap<>();
            settings.put("type", "scpi");
            settings.put("descriptor", name);
            out.add(new IdentityMatch("descriptor", name, settings));
          }
        });
    return out;
  }
}
