package com.scalesense.agent;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * The build's version ({@code ${project.version}}), from {@code version.properties} which Maven
 * filters at build time: the same answer from the jar, from {@code target/classes} and in tests,
 * unlike the jar manifest, which only the packaged jar has.
 */
public final class AgentVersion {

    private static final String RESOURCE = "version.properties";

    private AgentVersion() {
    }

    /** E.g. {@code 0.1.0-SNAPSHOT}. */
    public static String current() {
        Properties p = new Properties();
        try (InputStream in = AgentVersion.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the build: rebuild with Maven");
            }
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p.getProperty("version");
    }
}
