package org.instrumentelement.ie.soap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.instrumentelement.ie.config.ConfigLoader;
import org.instrumentelement.ie.element.ImNode;
import org.instrumentelement.ie.element.InstrumentElement;
import org.instrumentelement.im.InstrumentManager;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Reads kept for polls with maxAge, on the mock laboratory's IMs. */
class FreshReadsTest {
  private InstrumentElement ie;

  @BeforeEach
  void start() throws Exception {
    ie = new InstrumentElement(ConfigLoader.load(List.of(), Map.of()));
    ie.start();
  }

  @AfterEach
  void stop() {
    ie.close();
  }

  @Test
  void aRemovedImIsForgottenAndAnImAddedLaterFollowed() throws Exception {
    List<InstrumentManager> ims = ie.nodes().stream().map(ImNode::im).toList();
    FreshReads fresh = new FreshReads(ims, (im, attribute) -> null);
    InstrumentManager array = ie.node("lab/array2500").im();
    long minute = TimeUnit.MINUTES.toNanos(1);
    KeptRead first = fresh.read(array, "vector", minute);
    assertSame(first, fresh.read(array, "vector", minute), "kept for a minute");
    assertEquals(ims.size(), fresh.followed());

    // Removed at run time: nothing of it stays (the IM itself was held by the map).
    fresh.forget(array);
    assertEquals(ims.size() - 1, fresh.followed());
    // Read again (an IM of the same object, as if added back): followed anew, read anew.
    KeptRead again = fresh.read(array, "vector", minute);
    assertEquals(ims.size(), fresh.followed());
    assertNotSame(first, again, "a forgotten IM's kept read is not served");
  }

  @Test
  void aKeptReadIsGivenWithoutReadingOnlyWhileAPollWouldBeServedIt() throws Exception {
    List<InstrumentManager> ims = ie.nodes().stream().map(ImNode::im).toList();
    FreshReads fresh = new FreshReads(ims, (im, attribute) -> null);
    InstrumentManager array = ie.node("lab/array2500").im();
    long minute = TimeUnit.MINUTES.toNanos(1);
    assertNull(fresh.kept(array, "vector", minute), "nothing read yet");
    KeptRead read = fresh.read(array, "vector", minute);
    assertSame(read, fresh.kept(array, "vector", minute));
    assertSame(read, fresh.read(array, "vector", minute), "the poll is served the same read");
    assertNull(fresh.kept(array, "vector", 0), "no maxAge: always a new read");
    assertNull(fresh.kept(array, "identity", minute), "another attribute");
    Thread.sleep(5);
    assertNull(fresh.kept(array, "vector", TimeUnit.MILLISECONDS.toNanos(1)), "too old");
    fresh.changed(array);
    assertNull(fresh.kept(array, "vector", minute), "the IM changed after the read");
    assertNotSame(read, fresh.read(array, "vector", minute));
  }
}
