package com.scalesense.agent.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * The class-list run of {@code scale-agent --dump-cds} (packaging/src/deb/bin/scale-agent): the
 * packaged jar with {@code --simulate --cds-training} and {@code -XX:DumpLoadedClassList}, stopped
 * with SIGTERM as the launcher's {@code timeout} stops it. Guards issue 18: the list an offline
 * simulation made left Paho, our publish and uplink code and the socket classes of the online path
 * out of the archive; here the run connects, registers, and publishes its batch on the way out.
 */
class CdsTrainingIT {

    private static final Duration LIMIT = Duration.ofMinutes(1);

    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path dir;

    @Test
    void the_training_run_goes_online_and_its_class_list_holds_the_publish_path() throws Exception {
        Path conf = dir.resolve("agent.conf");
        // what the launcher writes, at info so that the stand-in broker's summary is logged; the stop's
        // drain ends at the last PUBACK; the longer bound (within ForkedAgent.terminate's 60 s) only keeps
        // a slow machine from cutting it short
        Files.writeString(conf, "state.dir = " + dir.resolve("state") + "\ncontrol.socket = " + dir.resolve("control.sock")
                + "\nlog.level = info\nshutdown.publish_timeout = 30s\n");
        Path classes = dir.resolve("classes");
        Path log = dir.resolve("agent.log");
        ForkedAgent agent = ForkedAgent.start(List.of("-XX:DumpLoadedClassList=" + classes),
                List.of("--simulate", "--cds-training", "--config", conf.toString()), log);
        try {
            // CONNACK taken; the stop then seals the pending readings and publishes them, as at 20 s in the launcher
            await().atMost(LIMIT).until(() -> Files.readString(log).contains("connected to tcp://127.0.0.1:"));
        } finally {
            agent.terminate();
        }

        assertThat(Files.readString(log)).contains("cds training broker answered Seen[connections=1, ")
                .contains("scalesense/v1/SIM-0001/registration").contains("scalesense/v1/SIM-0001/batches");
        assertThat(Files.readAllLines(classes)).contains("org/eclipse/paho/client/mqttv3/internal/wire/MqttConnack",
                "org/eclipse/paho/client/mqttv3/internal/wire/MqttPubAck",
                "org/eclipse/paho/client/mqttv3/internal/wire/MqttSuback", "com/scalesense/agent/uplink/Uplink",
                "com/scalesense/agent/publish/internal/PahoV3Transport", "sun/nio/ch/NioSocketImpl");
        assertThat(dir.resolve("state")).isDirectory();
    }
}
