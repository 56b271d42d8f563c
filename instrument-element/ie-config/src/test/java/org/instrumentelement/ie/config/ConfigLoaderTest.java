package org.instrumentelement.ie.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigLoaderTest {

  @Test
  void withoutAFileTheMockLabIsServedWithDefaults() throws Exception {
    IeConfig c = ConfigLoader.load(List.of(), Map.of());
    assertEquals("ie", c.name());
    assertEquals(8080, c.httpPort());
    assertEquals("localhost", c.httpHost());
    assertEquals("/ie", c.contextPath());
    assertEquals(
        List.of("lab", "array1250", "array2500", "scope"),
        c.ims().stream().map(ImConfig::name).toList());
    ImConfig array = c.ims().stream().filter(i -> i.name().equals("array2500")).findFirst().get();
    assertEquals("2500", array.parameters().get("length"));
    assertEquals("lab", array.parent());
    assertEquals(Duration.ofSeconds(2), array.timeout());
  }

  @Test
  void httpLimitsHaveDefaultsAndTheRequestMemoryIsAShareOfTheHeapOrASize() throws Exception {
    HttpLimits d = ConfigLoader.load(List.of(), Map.of()).httpLimits();
    assertEquals(Duration.ofSeconds(10), d.requestHeaderTimeout());
    assertEquals(Duration.ofSeconds(30), d.requestBodyTimeout());
    assertEquals(100, d.maxConnectionsPerAddress());
    assertEquals(50, d.maxRequestsPerAddress());
    assertEquals((long) (Runtime.getRuntime().maxMemory() * 0.3), d.requestMemoryBytes());
    HttpLimits set =
        ConfigLoader.load(
                List.of(
                    "--http.requestHeaderTimeout=2s",
                    "--http.requestBodyTimeout=500ms",
                    "--http.maxConnectionsPerAddress=7",
                    "--http.maxRequestsPerAddress=3",
                    "--soap.requestMemory=300MB"),
                Map.of())
            .httpLimits();
    assertEquals(Duration.ofSeconds(2), set.requestHeaderTimeout());
    assertEquals(Duration.ofMillis(500), set.requestBodyTimeout());
    assertEquals(7, set.maxConnectionsPerAddress());
    assertEquals(3, set.maxRequestsPerAddress());
    assertEquals(300L << 20, set.requestMemoryBytes());
    assertEquals(1L << 30, ConfigValues.heapShare("1 GB", "k"));
    assertEquals(65536, ConfigValues.heapShare("65536", "k"));
    for (String bad : List.of("0%", "101%", "-5MB", "0", "lots", "12TB")) {
      assertThrows(ConfigException.class, () -> ConfigValues.heapShare(bad, "k"), bad);
    }
    assertThrows(
        ConfigException.class,
        () -> ConfigLoader.load(List.of("--http.maxRequestsPerAddress=0"), Map.of()));
  }

  @Test
  void runTimeStateAndTheAuditLogAreKeptInTheUsersDataDirectoryUnlessTold() throws Exception {
    Path home = Path.of(System.getProperty("user.home"));
    IeConfig defaults = ConfigLoader.load(List.of(), Map.of());
    assertEquals(home.resolve(".local/share/instrument-element"), defaults.dataDir());
    assertEquals(
        home.resolve(".local/share/instrument-element/audit.log"), defaults.security().auditFile());
    IeConfig service =
        ConfigLoader.load(List.of(), Map.of("IE_DATA_DIR", "/var/lib/instrument-element"));
    assertEquals(Path.of("/var/lib/instrument-element"), service.dataDir());
    assertEquals(
        Path.of("/var/lib/instrument-element/audit.log"),
        service.security().auditFile(),
        "the audit log follows data.dir");
    IeConfig nothingKept = ConfigLoader.load(List.of("--data.dir=off"), Map.of());
    assertEquals(null, nothingKept.dataDir());
    assertEquals(null, nothingKept.security().auditFile(), "no data directory, no audit file");
    assertEquals(
        Path.of("audit.log"),
        ConfigLoader.load(List.of("--data.dir=off", "--audit.file=audit.log"), Map.of())
            .security()
            .auditFile(),
        "an audit file of its own is kept");
  }

  @Test
  void withResolvesTheSameLayersAgainWithTheChange() throws Exception {
    IeConfig c = ConfigLoader.load(List.of("--ie.name=bench"), Map.of());
    IeConfig moved = c.with(Map.of("http.port", "0", "data.dir", "/tmp/ie-state"));
    assertEquals(0, moved.httpPort());
    assertEquals("bench", moved.name());
    assertEquals(c.ims(), moved.ims());
    assertEquals(Path.of("/tmp/ie-state/audit.log"), moved.security().auditFile());
    assertThrows(ConfigException.class, () -> c.with("http.prot", "0"));
  }

  @Test
  void everyKeyReadsItsOwnDefault() throws Exception {
    for (ConfigKey<?> k : ConfigKeys.all()) {
      String text = k.defaultText().replace(SecurityConfig.DATA_DIR_PLACEHOLDER, "/var/lib/ie");
      k.read(text); // throws if the table's default is not a value of its type
    }
    assertEquals(LoginLimits.DEFAULTS, ConfigLoader.load(List.of(), Map.of()).login());
  }

  @Test
  void theLinkModeIsCheckedAndPassedOn() throws Exception {
    Map<String, String> file =
        Map.of("im.scope.type", "oscilloscope", "im.scope.onLink", "READBACK");
    assertEquals(
        Map.of("onLink", "readBack"),
        ConfigLoader.resolve(Map.of(), Map.of(), file).ims().get(0).options());
    ConfigException e =
        assertThrows(
            ConfigException.class,
            () ->
                ConfigLoader.resolve(
                    Map.of(),
                    Map.of(),
                    Map.of("im.scope.type", "oscilloscope", "im.scope.onLink", "keep")));
    assertTrue(e.getMessage().contains("im.scope.onLink"), e.getMessage());
    assertTrue(e.getMessage().contains("apply, restore or readBack"), e.getMessage());
  }

  @Test
  void commandLineBeatsEnvironmentBeatsFileBeatsDefault() throws Exception {
    Map<String, String> file =
        Map.of("http.port", "1111", "ie.name", "fromFile", "http.contextPath", "/lab");
    Map<String, String> env = Map.of("IE_HTTP_PORT", "2222", "IE_IE_NAME", "fromEnv");
    Map<String, String> cli = Map.of("http.port", "3333");
    IeConfig c = ConfigLoader.resolve(cli, env, file);
    assertEquals(3333, c.httpPort());
    assertEquals("fromEnv", c.name());
    assertEquals("/lab", c.contextPath());
    assertEquals("localhost", c.httpHost());
  }

  @Test
  void scpiImSettingsArePassedOnAsOptions() throws Exception {
    Map<String, String> file =
        Map.of(
            "im.scope.type", "scpi",
            "im.scope.address", "TCPIP::10.0.0.5::hislip0::INSTR",
            "im.scope.descriptor", "keysight-infiniivision",
            "im.scope.reconnect", "TRUE",
            "im.scope.reconnectMaxDelay", "5s");
    ImConfig scope = ConfigLoader.resolve(Map.of(), Map.of(), file).ims().get(0);
    assertEquals(
        Map.of(
            "descriptor",
            "keysight-infiniivision",
            "reconnect",
            "true",
            "reconnectMaxDelay",
            "PT5S"),
        scope.options());
    Map<String, String> bad = new java.util.HashMap<>(file);
    bad.put("im.scope.reconnectMaxDelay", "soon");
    ConfigException e =
        assertThrows(ConfigException.class, () -> ConfigLoader.resolve(Map.of(), Map.of(), bad));
    assertTrue(e.getMessage().contains("im.scope.reconnectMaxDelay"), e.getMessage());
    bad.put("im.scope.reconnectMaxDelay", "5s");
    bad.put("im.scope.reconnect", "sometimes");
    assertThrows(ConfigException.class, () -> ConfigLoader.resolve(Map.of(), Map.of(), bad));
  }

  @Test
  void environmentReachesImSettingsOfTheFile() throws Exception {
    Map<String, String> file =
        Map.of(
            "im.dmm.type", "array", "im.dmm.address", "MOCK::array", "im.dmm.param.length", "10");
    IeConfig c = ConfigLoader.resolve(Map.of(), Map.of("IE_IM_DMM_PARAM_LENGTH", "20"), file);
    assertEquals("20", c.ims().get(0).parameters().get("length"));
    assertEquals("IE_HTTP_CONTEXTPATH", ConfigLoader.envName("http.contextPath"));
  }

  @Test
  void configFileComesFromTheOptionOrTheEnvironment(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("lab.properties");
    Files.writeString(f, "ie.name = bench\nim.a.type = array\nim.a.address = MOCK::array\n");
    assertEquals("bench", ConfigLoader.load(List.of("--config", f.toString()), Map.of()).name());
    assertEquals("bench", ConfigLoader.load(List.of("--config=" + f), Map.of()).name());
    IeConfig viaEnv = ConfigLoader.load(List.of(), Map.of("IE_CONFIG", f.toString()));
    assertEquals(1, viaEnv.ims().size(), "the file replaces the built-in lab");
    ConfigException e =
        assertThrows(
            ConfigException.class,
            () ->
                ConfigLoader.load(
                    List.of("--config", dir.resolve("missing").toString()), Map.of()));
    assertTrue(e.getMessage().contains("cannot read"), e.getMessage());
  }

  @Test
  void parentsComeBeforeChildrenWhateverTheFileOrder() throws Exception {
    Map<String, String> file =
        Map.of(
            "im.c.type",
            "array",
            "im.c.parent",
            "b",
            "im.b.type",
            "group",
            "im.b.parent",
            "a",
            "im.a.type",
            "group");
    assertEquals(
        List.of("a", "b", "c"),
        ConfigLoader.resolve(Map.of(), Map.of(), file).ims().stream().map(ImConfig::name).toList());
  }

  @Test
  void mistakesAreReportedWithTheKey() {
    assertError(Map.of("http.prot", "80"), "unknown configuration key 'http.prot'");
    assertError(Map.of("http.port", "eighty"), "http.port must be an integer");
    assertError(Map.of("http.port", "70000"), "http.port must be in [0, 65535]");
    assertError(Map.of("im.a.address", "MOCK::array"), "im.a.type is missing");
    assertError(Map.of("im.a.type", "array", "im.a.adress", "x"), "unknown setting 'im.a.adress'");
    assertError(Map.of("im.a.type", "array", "im.a.parent", "nobody"), "which is not configured");
    assertError(
        Map.of("im.a.type", "group", "im.a.parent", "b", "im.b.type", "group", "im.b.parent", "a"),
        "forms a cycle");
    assertError(Map.of("im.a.type", "array", "im.a.timeout", "soon"), "im.a.timeout");
    assertError(Map.of("im.a.type", "array", "im.a.autoLink", "yes"), "must be true or false");
    assertError(Map.of("ie.name", "my lab"), "ie.name must be letters");
    assertError(Map.of("http.contextPath", "ie/"), "http.contextPath must start with '/'");
  }

  private static void assertError(Map<String, String> file, String expected) {
    ConfigException e =
        assertThrows(ConfigException.class, () -> ConfigLoader.resolve(Map.of(), Map.of(), file));
    assertTrue(e.getMessage().contains(expected), e.getMessage());
  }

  @Test
  void portalKeysAreHandedOnUnreadForThePortalToCheck() throws Exception {
    IeConfig c =
        ConfigLoader.resolve(
            Map.of("portal.users", "/etc/ie/users"),
            Map.of("IE_PORTAL_IE_ANNEX_URL", "http://annex:8080/ie/services/InstrumentElement"),
            Map.of("portal.ie.annex.url", "http://x/", "ie.name", "lab"));
    assertEquals(
        Map.of(
            "portal.users",
            "/etc/ie/users",
            "portal.ie.annex.url",
            "http://annex:8080/ie/services/InstrumentElement"),
        c.webApplicationKeys());
    assertEquals(
        "vcr",
        ConfigLoader.resolve(Map.of("portal.contextPath", "vcr"), Map.of(), Map.of())
            .webApplicationKeys()
            .get("portal.contextPath"),
        "not the IE's to check");
  }

  @Test
  void brokerLimitsHaveSafeDefaultsAndAreChecked() throws Exception {
    BrokerLimits d = ConfigLoader.resolve(Map.of(), Map.of(), Map.of()).broker().limits();
    assertEquals(
        new BrokerLimits(262_144, 500, 100, 100, 200, Duration.ofSeconds(10), 40, 1000), d);
    assertEquals(Runtime.getRuntime().maxMemory() / 100 * 40, d.memoryLimitBytes());
    BrokerLimits set =
        ConfigLoader.resolve(
                Map.of("broker.maxFrameBytes", "65536"),
                Map.of("IE_BROKER_MEMORYLIMIT", "25%"),
                Map.of("broker.loginTimeout", "3s", "broker.maxConsumersPerConnection", "10"))
            .broker()
            .limits();
    assertEquals(65_536, set.maxFrameBytes());
    assertEquals(25, set.memoryPercent());
    assertEquals(Duration.ofSeconds(3), set.loginTimeout());
    assertEquals(10, set.maxConsumersPerConnection());
    assertError(Map.of("broker.memoryLimit", "512MB"), "broker.memoryLimit");
    assertError(Map.of("broker.memoryLimit", "0%"), "broker.memoryLimit");
    assertError(Map.of("broker.maxFrameBytes", "100"), "broker.maxFrameBytes");
    assertError(Map.of("broker.maxConnectionsPerUser", "0"), "broker.maxConnectionsPerUser");
    assertError(Map.of("broker.loginTimeout", "0s"), "broker.loginTimeout");
  }

  @Test
  void tlsConnectorsAndPlainOnesAreConfigured() throws Exception {
    BrokerTls d = ConfigLoader.resolve(Map.of(), Map.of(), Map.of()).broker().tls();
    assertEquals(
        new BrokerTls(61617, 61612, 8883, BrokerTls.PlainConnectors.LOOPBACK, null, ""), d);
    BrokerTls set =
        ConfigLoader.resolve(
                Map.of("broker.plain", "OFF", "http.tls.keystore", "ie.p12"),
                Map.of("IE_BROKER_TLS_MQTTPORT", "-1"),
                Map.of("broker.tls.trustStore", "trust.p12"))
            .broker()
            .tls();
    assertEquals(BrokerTls.PlainConnectors.OFF, set.plain());
    assertEquals(-1, set.mqttPort());
    assertEquals(Path.of("trust.p12"), set.trustStore());
    assertError(Map.of("broker.plain", "sometimes"), "broker.plain must be loopback, off or on");
    assertError(Map.of("broker.tls.port", "-1"), "broker.tls.port must be in [0, 65535]");
    assertError(Map.of("broker.plain", "off"), "broker.plain = off needs http.tls.keystore");
    assertError(
        Map.of("tls.clientTrustStore", "cas.p12"), "tls.clientTrustStore needs http.tls.keystore");
    SecurityConfig mutual =
        ConfigLoader.resolve(
                Map.of(),
                Map.of(),
                Map.of("http.tls.keystore", "ie.p12", "tls.clientTrustStore", "cas.p12"))
            .security();
    assertTrue(mutual.clientCertificates());
  }

  @Test
  void durationsNeedAUnit() throws Exception {
    assertEquals(Duration.ofMillis(500), ConfigValues.duration("500ms", "k"));
    assertEquals(Duration.ofMillis(1500), ConfigValues.duration("1.5s", "k"));
    assertEquals(Duration.ofMinutes(2), ConfigValues.duration("2m", "k"));
    assertEquals(Duration.ofSeconds(3), ConfigValues.duration("PT3S", "k"));
    assertThrows(ConfigException.class, () -> ConfigValues.duration("500", "k"));
    assertThrows(ConfigException.class, () -> ConfigValues.duration("0s", "k"));
    assertEquals(Duration.ofNanos(250_000), ConfigValues.duration("250us", "k"));
    assertEquals(Duration.ofNanos(250_000), ConfigValues.duration("250\u00b5s", "k"));
    assertEquals(Duration.ofNanos(250_000), ConfigValues.duration("250\u03bcs", "k"));
    assertThrows(ConfigException.class, () -> ConfigValues.duration("99999999999999999us", "k"));
  }

  @Test
  void samplingPeriodsMayBeShorterThanAMillisecondButNotThan100us() throws Exception {
    IeConfig c =
        ConfigLoader.load(
            List.of(
                "--sampling.period=500us",
                "--im.scope.type=oscilloscope",
                "--im.scope.attribute.peakToPeak.period=250us",
                "--im.scope.attribute.waveform.period=off"),
            Map.of());
    assertEquals(Duration.ofNanos(500_000), c.samplingPeriod());
    Map<String, AttributeConfig> attributes =
        c.ims().stream()
            .filter(i -> i.name().equals("scope"))
            .findFirst()
            .orElseThrow()
            .attributes();
    assertEquals(Duration.ofNanos(250_000), attributes.get("peakToPeak").period());
    assertEquals(Duration.ZERO, attributes.get("waveform").period());
    assertError(
        Map.of("sampling.period", "50us"),
        "sampling.period: '50us' is shorter than the shortest sampling period, 100us");
    assertError(
        Map.of("im.scope.type", "oscilloscope", "im.scope.attribute.peakToPeak.period", "99us"),
        "im.scope.attribute.peakToPeak.period: '99us' is shorter");
  }

  @Test
  void commandLineSyntaxErrorsAreExplained() {
    ConfigException e =
        assertThrows(
            ConfigException.class, () -> ConfigLoader.load(List.of("http.port=1"), Map.of()));
    assertTrue(e.getMessage().contains("--key=value"), e.getMessage());
  }

  @Test
  void aLoggedConfigurationShowsNoPassword() throws Exception {
    IeConfig c =
        ConfigLoader.load(
            List.of(
                "--broker.url=ssl://broker.example:61617",
                "--broker.username=ie",
                "--broker.password=broker-secret-1",
                "--broker.tls.trustStorePassword=trust-secret-2",
                "--http.tls.keystorePassword=key-secret-3",
                "--portal.servicePassword=portal-secret-4"),
            Map.of());
    String shown = c.toString() + c.security() + c.broker() + c.broker().tls();
    for (String secret :
        List.of("broker-secret-1", "trust-secret-2", "key-secret-3", "portal-secret-4")) {
      assertTrue(!shown.contains(secret), secret + " in " + shown);
    }
    assertTrue(shown.contains("broker.password=***"), shown);
    assertTrue(shown.contains("ssl://broker.example:61617"), "the rest is shown: " + shown);
  }
}
