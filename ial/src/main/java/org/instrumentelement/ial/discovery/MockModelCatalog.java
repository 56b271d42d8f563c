package org.instrumentelement.ial.discovery;

import java.util.List;
import java.util.Map;
import org.instrumentelement.ial.mock.MockSessionProvider;

/**
 * The built-in mock models as an {@link IdentityCatalog}: a model fits the instruments it answers
 * {@code *IDN?} as, and those its {@code identity.matches} names. It simulates them ({@code
 * MOCK::<model>}) but drives none, so it brings no settings.
 */
public final class MockModelCatalog implements IdentityCatalog {
  private final MockSessionProvider models = new MockSessionProvider();

  @Override
  public List<IdentityMatch> matches(String identity) {
    return models.modelsMatching(identity).stream()
        .map(m -> new IdentityMatch("mock model", m, Map.of()))
        .toList();
  }
}
