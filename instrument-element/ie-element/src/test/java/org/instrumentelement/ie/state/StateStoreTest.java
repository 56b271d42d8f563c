package org.instrumentelement.ie.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.instrumentelement.ie.config.ConfigException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The store: every change on disk when update returns, one IE per directory, bad files aside. */
class StateStoreTest {
  @TempDir Path dir;

  private StateStore open() throws ConfigException {
    return StateStore.open(dir, Clock.systemUTC());
  }

  private StoredState onDisk() throws Exception {
    return StateFormat.decode(new StateFile(dir).read());
  }

  private static StoredParameter set(String value) {
    return new StoredParameter(value, "SET", "operator", Instant.now());
  }

  @Test
  void everyChangeIsOnDiskWhenUpdateReturns() throws Exception {
    try (StateStore store = open()) {
      ExecutorService pool = Executors.newFixedThreadPool(8);
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        String name = "p" + t;
        done.add(
            pool.submit(
                () -> {
                  for (int i = 1; i <= 40; i++) {
                    String v = Integer.toString(i);
                    store.update(s -> s.putParameter("lab/scope", name, set(v)));
                    assertEquals(v, onDisk().parameters("lab/scope").get(name).value());
                  }
                  return null;
                }));
      }
      for (Future<?> f : done) {
        f.get();
      }
      pool.shutdown();
      assertEquals(8, onDisk().parameters("lab/scope").size());
    }
    try (StateStore again = open()) {
      assertEquals("40", again.read(s -> s.parameters("lab/scope").get("p7").value()));
      assertTrue(again.loaded().contains("restoring from"), again.loaded());
    }
  }

  @Test
  void anUnreadableFileIsSetAsideAndNothingIsRestored() throws Exception {
    Files.writeString(dir.resolve(StateFile.NAME), "format = 1\nparameter.lab/scope.timebase.val");
    try (StateStore store = open()) {
      assertTrue(store.loaded().contains("set aside"), store.loaded());
      assertFalse(store.read(StoredState::hasRunTimeValues));
    }
    try (Stream<Path> files = Files.list(dir)) {
      List<String> names = files.map(p -> p.getFileName().toString()).toList();
      assertTrue(
          names.stream().anyMatch(n -> n.startsWith(StateFile.NAME + ".unreadable-")),
          names.toString());
    }
  }

  @Test
  void resetSetsTheKeptStateAside() throws Exception {
    try (StateStore store = open()) {
      store.update(s -> s.putParameter("lab/scope", "timebase", set("0.002")));
    }
    try (StateStore store = StateStore.open(dir, Clock.systemUTC(), true)) {
      assertFalse(store.read(StoredState::hasRunTimeValues));
    }
    try (Stream<Path> files = Files.list(dir)) {
      assertTrue(
          files.anyMatch(p -> p.getFileName().toString().startsWith(StateFile.NAME + ".reset-")));
    }
  }

  @Test
  void oneInstrumentElementPerDataDirectory() throws Exception {
    try (StateStore first = open()) {
      ConfigException e = assertThrows(ConfigException.class, this::open);
      assertTrue(e.getMessage().contains("in use by another Instrument Element"), e.getMessage());
    }
    open().close();
  }

  @Test
  void aDirectoryThatCannotBeWrittenStopsTheStart() throws Exception {
    Path file = Files.writeString(dir.resolve("a-file"), "x");
    ConfigException e =
        assertThrows(
            ConfigException.class, () -> StateStore.open(file.resolve("sub"), Clock.systemUTC()));
    assertTrue(e.getMessage().contains("cannot be written"), e.getMessage());
  }

  @Test
  void inMemoryKeepsNothingOnDisk() {
    StateStore store = StateStore.inMemory();
    store.update(s -> s.putParameter("lab/scope", "timebase", set("0.002")));
    assertEquals("0.002", store.read(s -> s.parameters("lab/scope").get("timebase").value()));
    assertEquals(null, store.file());
  }
}
