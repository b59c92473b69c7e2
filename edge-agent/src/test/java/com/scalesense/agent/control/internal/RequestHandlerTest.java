package com.scalesense.agent.control.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.scalesense.control.ControlJson;
import com.scalesense.agent.control.RecordingControlService;
import com.scalesense.agent.control.RecordingControlService.Assignment;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The {@code assign_keg} request line as the socket hands it over, parsed without a socket. */
class RequestHandlerTest {

    private final RecordingControlService service = new RecordingControlService();
    private final RequestHandler handler = new RequestHandler(service);

    /** The reply line as the client (scale-cal, databind) reads it. */
    private JsonNode reply(String line) {
        List<String> out = new ArrayList<>();
        handler.handle(line, out::add);
        assertThat(out).hasSize(1);
        try {
            return ControlJson.MAPPER.readTree(out.get(0));
        } catch (JsonProcessingException e) {
            throw new AssertionError("not JSON: " + out.get(0), e);
        }
    }

    @Test
    void assign_keg_passes_the_beer_on_and_the_reply_shows_it() {
        JsonNode reply = reply("{\"op\":\"assign_keg\",\"keg_id\":\"keg-20260318-007\",\"keg_type\":\"half_barrel\","
                + "\"beer_id\":\"guinness-draught\",\"sg\":1.014}");

        assertThat(service.assignments).containsExactly(
                new Assignment("keg-20260318-007", "guinness-draught", "half_barrel", 1.014));
        assertThat(reply.path("ok").asBoolean()).isTrue();
        assertThat(reply.path("result").path("beer_id").asText()).isEqualTo("guinness-draught");
        assertThat(reply.path("result").path("keg_type").asText()).isEqualTo("half_barrel");
    }

    @Test
    void assign_keg_without_a_beer_leaves_it_unknown_as_before_the_field_existed() {
        // a client older than beer_id sends only keg_id, keg_type and sg
        JsonNode absent = reply("{\"op\":\"assign_keg\",\"keg_id\":\"keg-20260318-007\","
                + "\"keg_type\":\"half_barrel\"}");
        JsonNode explicitNull = reply("{\"op\":\"assign_keg\",\"keg_id\":\"keg-20260318-008\","
                + "\"keg_type\":\"half_barrel\",\"beer_id\":null}");

        assertThat(service.assignments).extracting(Assignment::beerId).containsExactly(null, null);
        assertThat(service.assignments.get(0).sg()).isEqualTo(1.0); // seed 000's default
        assertThat(absent.path("ok").asBoolean()).isTrue();
        assertThat(explicitNull.path("ok").asBoolean()).isTrue();
        assertThat(absent.path("result").has("beer_id")).isTrue();
        assertThat(absent.path("result").get("beer_id").isNull()).isTrue();
    }

    @Test
    void a_beer_id_that_is_not_a_string_is_refused_naming_the_field_and_nothing_is_assigned() {
        JsonNode number = reply("{\"op\":\"assign_keg\",\"keg_id\":\"keg-20260318-007\",\"keg_type\":\"half_barrel\","
                + "\"beer_id\":42}");
        JsonNode empty = reply("{\"op\":\"assign_keg\",\"keg_id\":\"keg-20260318-007\",\"keg_type\":\"half_barrel\","
                + "\"beer_id\":\"\"}");

        assertThat(number.path("error").path("code").asText()).isEqualTo("bad_request");
        assertThat(number.path("error").path("message").asText()).startsWith("beer_id = '42'")
                .contains("must be a non-empty string");
        assertThat(empty.path("error").path("message").asText()).startsWith("beer_id = ");
        assertThat(service.assignments).isEmpty();
    }

    @Test
    void assign_keg_passes_on_whether_the_keg_is_new_and_full_and_refuses_a_flag_that_is_not_a_boolean() {
        // issue 12 round 5: only an assignment that says so makes the set-down weight a claimed full_ref
        reply("{\"op\":\"assign_keg\",\"keg_id\":\"keg-20260318-007\",\"keg_type\":\"half_barrel\",\"full\":true}");
        reply("{\"op\":\"assign_keg\",\"keg_id\":\"keg-20260318-008\",\"keg_type\":\"half_barrel\"}");
        JsonNode text = reply("{\"op\":\"assign_keg\",\"keg_id\":\"keg-20260318-009\",\"keg_type\":\"half_barrel\","
                + "\"full\":\"yes\"}");

        assertThat(service.assignments).extracting(Assignment::full).containsExactly(true, false);
        assertThat(text.path("error").path("code").asText()).isEqualTo("bad_request");
        assertThat(text.path("error").path("message").asText()).startsWith("full = ").contains("must be true or false");
    }
}
