package org.instrumentelement.ie.server.connector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.tomcat.util.threads.ThreadPoolExecutor;
import org.junit.jupiter.api.Test;

/** The endpoint's request threads are shut down with it, as Tomcat shuts down its own pool. */
class GuardedNioEndpointTest {
  @Test
  void shuttingDownStopsTheRequestThreadsAndAStartMakesNewOnes() throws Exception {
    GuardedNioEndpoint endpoint = new GuardedNioEndpoint(8, Duration.ofSeconds(5));
    endpoint.setMaxThreads(4);
    endpoint.createExecutor();
    ThreadPoolExecutor pool = (ThreadPoolExecutor) endpoint.getExecutor();
    CountDownLatch ran = new CountDownLatch(1);
    pool.execute(ran::countDown);
    assertTrue(ran.await(10, TimeUnit.SECONDS), "a request ran on the endpoint's threads");

    endpoint.shutdownExecutor(); // Tomcat's own failed here, on the pool's plain queue

    assertNull(endpoint.getExecutor(), "the endpoint let go of its threads");
    assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS), "the request threads ended");
    assertEquals(0, pool.getPoolSize());

    endpoint.createExecutor();
    assertNotSame(pool, endpoint.getExecutor(), "a restart makes new request threads");
    endpoint.shutdownExecutor();
  }
}
