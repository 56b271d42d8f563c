package org.instrumentelement.ie.opcuapeer;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Set;

/**
 * The peer's load client as a command: {@code --endpoint=opc.tcp://...}, then the commands of
 * {@link LoadControl} on standard input, one answer a line on standard output (Milo's warnings go
 * to standard error). It prints {@code ready} first and exits at {@code quit} or when its input
 * closes.
 */
public final class PeerLoad {
  private PeerLoad() {}

  public static void main(String[] args) throws Exception {
    String endpoint = PeerOptions.parse(args, Set.of("endpoint")).text("endpoint", null);
    if (endpoint == null) {
      System.err.println("usage: PeerLoad --endpoint=opc.tcp://127.0.0.1:PORT/ie-peer");
      System.exit(2);
    }
    LoadControl control =
        new LoadControl(
            new LoadControl.Loads() {
              @Override
              public Load poll(int length, int clients) throws Exception {
                return new PollingLoad(endpoint, length, clients);
              }

              @Override
              public Load subscribe(int length, int clients, double publishingMillis, int queue)
                  throws Exception {
                return new SubscriptionLoad(endpoint, length, clients, publishingMillis, queue);
              }
            });
    System.out.println("ready");
    System.out.flush();
    BufferedReader in =
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    while (!control.quit()) {
      String line = in.readLine();
      if (line == null) {
        break;
      }
      if (!line.isBlank()) {
        System.out.println(control.answer(line));
        System.out.flush();
      }
    }
    control.close();
    // Milo's client keeps non-daemon threads (its shared executors) after the sessions close.
    System.exit(0);
  }
}
