package org.instrumentelement.ie.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.instrumentelement.ie.alarm.AlarmBoard;
import org.instrumentelement.ie.alarm.Alarms;
import org.instrumentelement.ie.client.InstrumentElementClient;
import org.instrumentelement.ie.client.soap.GetStatus;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.ListInstrumentManagers;
import org.instrumentelement.ie.config.ConfigLoader;
import org.instrumentelement.ie.config.IeConfig;
import org.instrumentelement.ie.element.InstrumentElement;
import org.instrumentelement.ie.monitoring.Monitoring;
import org.instrumentelement.ie.monitoring.StatusSource;
import org.instrumentelement.ie.pubsub.BrokerEndpoints;
import org.instrumentelement.ie.pubsub.Publishing;
import org.instrumentelement.ie.pubsub.Subscriptions;
import org.instrumentelement.ie.security.AccessControl;
import org.instrumentelement.ie.security.AuditLog;
import org.instrumentelement.ie.security.Reservations;
import org.instrumentelement.ie.soap.InstrumentElementService;
import org.junit.jupiter.api.Test;

/**
 * The HTTP server built alone, from the parts it serves: an IM tree and its service, access control
 * and monitoring, without the runtime, the broker or the publisher.
 */
class EmbeddedServerIT {

  @Test
  void servesTheServiceAndItsHealthFromThePartsItIsGiven() throws Exception {
    IeConfig config =
        ConfigLoader.load(
            List.of("--http.port=0", "--portal.contextPath=off", "--data.dir=off"), Map.of());
    InstrumentElement ie = new InstrumentElement(config);
    ie.start();
    Monitoring monitoring = new Monitoring(StatusSource.fixed(true, true));
    AccessControl open = new AccessControl(null, new Reservations(Clock.systemUTC()));
    Subscriptions subscriptions = new Subscriptions(ie, config);
    org.instrumentelement.ie.soap.InstrumentElementPort service =
        new InstrumentElementService(
                ie,
                new Publishing(
                    subscriptions,
                    null,
                    new BrokerEndpoints("tcp://localhost:61616", null, null),
                    null),
                open,
                AccessControlInterceptor.currentCaller(),
                monitoring,
                new Alarms(ie, subscriptions, new AlarmBoard(Clock.systemUTC()), 3))
            .port();
    ServiceParts parts =
        new ServiceParts(
            service,
            open,
            new AuditLog(null),
            monitoring,
            config.maxRequestBytes(),
            config.httpLimits());
    EmbeddedServer server = new EmbeddedServer(config, parts);
    try {
      server.start();
      assertTrue(server.port() > 0);
      String base = server.serviceUrl().replace("/services/InstrumentElement", "");
      HttpResponse<String> ready =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(URI.create(base + "/health/ready")).build(),
                  HttpResponse.BodyHandlers.ofString());
      assertEquals(200, ready.statusCode(), ready.body());

      InstrumentElementPort client = InstrumentElementClient.connect(server.serviceUrl());
      assertEquals(
          4,
          client
              .listInstrumentManagers(new ListInstrumentManagers())
              .getInstrumentManager()
              .size());
      assertTrue(client.getStatus(new GetStatus()).getStatus().isReady());
      assertTrue(
          monitoring.operations().stream().anyMatch(e -> e.getKey().equals("getStatus")),
          "requests reach the monitoring it was given");
    } finally {
      server.close();
      ie.close();
    }
  }
}
