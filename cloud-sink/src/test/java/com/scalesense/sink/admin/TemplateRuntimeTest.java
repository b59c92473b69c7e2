package com.scalesense.sink.admin;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The template must name a Lambda runtime AWS still deploys: an operator running {@code sam deploy}
 * on a deprecated one is refused at the first create or update, after the tests here all passed.
 */
class TemplateRuntimeTest {

    @Test
    void the_functions_run_on_a_java_runtime_aws_still_lets_you_create_and_update() throws IOException {
        String runtime = new ObjectMapper(new YAMLFactory()).readTree(Path.of("template.yaml").toFile())
                .at("/Globals/Function/Runtime").asText();
        // java8.al2, java11 and java17: deprecated 2026-06-30, creates blocked from 2026-07-31 and
        // updates from 2026-08-31 (AWS Lambda docs, "Lambda runtimes"); the build targets Java 17 bytecode.
        assertThat(runtime).as("Globals.Function.Runtime in cloud-sink/template.yaml").isIn("java21", "java25");
    }
}
