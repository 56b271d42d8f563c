package org.instrumentelement.ie.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** Which bytes of a download a Range header asks for. */
class RangedFileTest {
  static final long SIZE = 1000;

  @Test
  void oneRangeOfEachForm() {
    assertEquals(new RangedFile.Range(100, 199), RangedFile.parse("bytes=100-199", SIZE));
    assertEquals(new RangedFile.Range(100, 999), RangedFile.parse("bytes=100-", SIZE));
    assertEquals(new RangedFile.Range(990, 999), RangedFile.parse("bytes=-10", SIZE));
    assertEquals(new RangedFile.Range(0, 999), RangedFile.parse("bytes=-5000", SIZE));
    assertEquals(new RangedFile.Range(900, 999), RangedFile.parse("bytes=900-5000", SIZE));
  }

  @Test
  void whatCannotBeServedAsOneRangeGetsTheWholeFile() {
    assertNull(RangedFile.parse(null, SIZE));
    assertNull(RangedFile.parse("bytes=0-1,5-6", SIZE));
    assertNull(RangedFile.parse("items=0-1", SIZE));
    assertNull(RangedFile.parse("bytes=abc", SIZE));
    assertNull(RangedFile.parse("bytes=5-1", SIZE));
  }

  @Test
  void aRangePastTheEndIsEmpty() {
    RangedFile.Range r = RangedFile.parse("bytes=1000-", SIZE);
    assertEquals(true, r.first() > r.last());
    RangedFile.Range none = RangedFile.parse("bytes=-0", SIZE);
    assertEquals(true, none.first() > none.last());
  }
}
