package org.instrumentelement.ie.soap.types;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Instants are printed as {@link Instant#toString()} prints them, and read back. */
class InstantAdapterTest {
  private final InstantAdapter adapter = new InstantAdapter();

  @Test
  void printsAsInstantToString() {
    SplittableRandom random = new SplittableRandom(11);
    for (Instant i :
        new Instant[] {
          Instant.EPOCH,
          Instant.parse("2026-11-23T23:30:00Z"),
          Instant.parse("2026-11-23T23:30:00.100Z"),
          Instant.parse("2026-11-23T23:30:00.000100Z"),
          Instant.parse("2026-11-23T23:30:00.000000100Z"),
          Instant.parse("2024-02-29T12:00:01.999999999Z"),
          Instant.parse("9999-12-31T23:59:59.999999999Z"),
          Instant.parse("+10000-01-01T00:00:00Z"),
          Instant.parse("1969-12-31T23:59:59.5Z"),
          Instant.parse("0001-01-01T00:00:00Z"),
          Instant.MIN,
          Instant.MAX
        }) {
      assertEquals(i.toString(), InstantAdapter.print(i));
      assertEquals(i.toString(), adapter.marshal(i));
    }
    for (int n = 0; n < 200_000; n++) {
      long seconds = random.nextLong(-100_000_000_000L, 300_000_000_000L);
      int nano =
          switch (n % 4) {
            case 0 -> 0;
            case 1 -> random.nextInt(1000) * 1_000_000;
            case 2 -> random.nextInt(1_000_000) * 1000;
            default -> random.nextInt(1_000_000_000);
          };
      Instant i = Instant.ofEpochSecond(seconds, nano);
      assertEquals(i.toString(), InstantAdapter.print(i));
      assertEquals(i, adapter.unmarshal(InstantAdapter.print(i)));
    }
  }
}
