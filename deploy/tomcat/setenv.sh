# bin/setenv.sh of a standalone Tomcat 11 running the Instrument Element WAR (ie.war).
# The configuration file may also be named here instead of in context.xml:
CATALINA_OPTS="$CATALINA_OPTS -Die.config=/etc/instrument-element/instrument-element.properties"
# Memory for the Instrument Element and its embedded broker.
CATALINA_OPTS="$CATALINA_OPTS -Xms256m -Xmx1g"
# Exit on the first OutOfMemoryError (status 3) rather than serve on with dead threads: run Tomcat
# under a supervisor that restarts it (systemd Restart=on-failure, for one).
CATALINA_OPTS="$CATALINA_OPTS -XX:+ExitOnOutOfMemoryError"
# Logging (one SLF4J provider, logback, is inside the WAR): a file under Tomcat's logs/.
CATALINA_OPTS="$CATALINA_OPTS -Dlogback.configurationFile=/etc/instrument-element/logback.xml"
# Settings can also come from the environment, e.g. the broker's interface:
# export IE_BROKER_HOST=0.0.0.0
