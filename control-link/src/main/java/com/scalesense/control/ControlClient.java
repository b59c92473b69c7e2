package com.scalesense.control;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * A typed client of the agent's control socket, for {@code scale-cal} and tests. Each call opens a
 * connection, sends one request and reads its reply; a refusal is thrown as
 * {@link ControlException} with the agent's code and message. Not thread-safe per call; cheap.
 */
public final class ControlClient {

    private final Path socket;

    public ControlClient(Path socket) {
        this.socket = socket;
    }

    public Replies.Status status() {
        return call(request("status"), Replies.Status.class, null);
    }

    /** Streams up to {@code count} samples to {@code sink}; returns how many came. */
    public int live(int count, int maxSeconds, Consumer<Replies.Live> sink) {
        JsonNode done = call(request("live").put("count", count).put("max_seconds", maxSeconds), JsonNode.class,
                node -> sink.accept(ControlJson.MAPPER.convertValue(node, Replies.Live.class)));
        return done.path("samples").asInt();
    }

    public Replies.CalibrationInfo tare() {
        return call(request("tare"), Replies.CalibrationInfo.class, null);
    }

    public Replies.Session calibrateAdd(double knownKg) {
        return call(request("calibrate").put("action", "add").put("known_kg", knownKg), Replies.Session.class, null);
    }

    public Replies.Session calibrateFit() {
        return call(request("calibrate").put("action", "fit"), Replies.Session.class, null);
    }

    public Replies.CalibrationInfo calibrateCommit() {
        return call(request("calibrate").put("action", "commit"), Replies.CalibrationInfo.class, null);
    }

    public Replies.Session calibrateCancel() {
        return call(request("calibrate").put("action", "cancel"), Replies.Session.class, null);
    }

    /** @param beerId seed 000 beer_id, or null to leave the beer unknown (then not sent) */
    public Replies.Keg assignKeg(String kegId, String beerId, String kegType, double specificGravity) {
        return assignKeg(kegId, beerId, kegType, specificGravity, false);
    }

    /**
     * @param beerId seed 000 beer_id, or null to leave the beer unknown (then not sent)
     * @param full   the keg is new, full from the brewery: its weight when set down becomes its full_ref
     *               (sent only when true)
     */
    public Replies.Keg assignKeg(String kegId, String beerId, String kegType, double specificGravity, boolean full) {
        ObjectNode request = request("assign_keg").put("keg_id", kegId).put("keg_type", kegType)
                .put("sg", specificGravity);
        if (full) {
            request.put("full", true);
        }
        if (beerId != null) {
            request.put("beer_id", beerId);
        }
        return call(request, Replies.Keg.class, null);
    }

    /** @param kind {@code empty} or {@code full} */
    public Replies.Keg tareKeg(String kind) {
        return call(request("keg_tare").put("kind", kind), Replies.Keg.class, null);
    }

    public Replies.History calibrationHistory() {
        return call(request("calibration_history"), Replies.History.class, null);
    }

    /** @param file absolute path, writable by the agent */
    public Replies.Trace recordTrace(Path file, int seconds) {
        return call(request("record_trace").put("file", file.toAbsolutePath().toString()).put("seconds", seconds),
                Replies.Trace.class, null);
    }

    public Replies.Selftest selftest() {
        return call(request("selftest"), Replies.Selftest.class, null);
    }

    /** {@code --simulate} only: puts {@code kg} on the simulated platform. */
    public Replies.SimWeight simLoad(double kg) {
        return call(request("sim_load").put("kg", kg), Replies.SimWeight.class, null);
    }

    /** {@code --simulate} only: takes the known weight off the simulated platform. */
    public Replies.SimWeight simUnload() {
        return call(request("sim_unload"), Replies.SimWeight.class, null);
    }

    /** Sends any request line as it is and returns the final reply object (for tests of the wire form). */
    public JsonNode raw(String line) {
        try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            ch.connect(UnixDomainSocketAddress.of(socket));
            send(ch, line);
            InputStream in = Channels.newInputStream(ch);
            for (String reply = Lines.read(in); reply != null; reply = Lines.read(in)) {
                JsonNode node = ControlJson.MAPPER.readTree(reply);
                if (!node.has("sample")) {
                    return node;
                }
            }
            throw new UncheckedIOException(new IOException("the agent closed the connection without a reply"));
        } catch (IOException e) {
            throw new UncheckedIOException("control socket " + socket + ": " + e.getMessage(), e);
        }
    }

    /**
     * Writes one request line. An agent at its connection limit writes its {@code busy} reply and
     * closes at once, so the write may fail with a broken pipe: the reply is then already waiting
     * to be read, and the caller reads it (issue 14: scale-cal reported a broken pipe instead).
     */
    private static void send(SocketChannel ch, String line) throws IOException {
        try {
            OutputStream out = Channels.newOutputStream(ch);
            out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
        } catch (IOException e) {
            if (!ch.isOpen()) {
                throw e;
            }
            // the refusal, if any, is in our receive buffer; reading it tells the caller why
        }
    }

    private static ObjectNode request(String op) {
        return ControlJson.MAPPER.createObjectNode().put("op", op);
    }

    private <T> T call(ObjectNode request, Class<T> type, Consumer<JsonNode> samples) {
        try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            ch.connect(UnixDomainSocketAddress.of(socket));
            send(ch, ControlJson.MAPPER.writeValueAsString(request));
            InputStream in = Channels.newInputStream(ch);
            for (String line = Lines.read(in); line != null; line = Lines.read(in)) {
                JsonNode reply = ControlJson.MAPPER.readTree(line);
                if (reply.has("sample") && samples != null) {
                    samples.accept(reply.get("sample"));
                    continue;
                }
                if (!reply.path("ok").asBoolean()) {
                    JsonNode error = reply.path("error");
                    throw new ControlException(error.path("code").asText("unknown"), error.path("message").asText());
                }
                return ControlJson.MAPPER.treeToValue(reply.get("result"), type);
            }
            throw new UncheckedIOException(new IOException("the agent closed the connection without a reply"));
        } catch (IOException e) {
            throw new UncheckedIOException("control socket " + socket + ": " + e.getMessage(), e);
        }
    }
}
