package com.scalesense.sink.handler;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;

/** The deployment jar built by the package phase (failsafe runs after it). */
class LambdaJarIT {

    @Test
    void java_jar_runs_the_admin_cli_wherever_its_package_is() throws IOException {
        // Guards issue 16: AdminCli moved from admin to handler, which broke every
        // "java -cp <jar> com.scalesense.sink.admin.AdminCli" line; the manifest names it now.
        List<Path> jars = new ArrayList<>();
        try (DirectoryStream<Path> found = Files.newDirectoryStream(Path.of("target"), "cloud-sink-*-lambda.jar")) {
            found.forEach(jars::add);
        }
        assertThat(jars).as("the shaded Lambda jar in target/").hasSize(1);

        try (JarFile jar = new JarFile(jars.get(0).toFile())) {
            assertThat(jar.getManifest().getMainAttributes().getValue("Main-Class"))
                    .isEqualTo(AdminCli.class.getName());
        }
    }
}
