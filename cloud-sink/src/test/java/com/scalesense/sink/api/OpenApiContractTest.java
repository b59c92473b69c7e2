package com.scalesense.sink.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.scalesense.sink.apikey.ApiKeyPepper;
import com.scalesense.sink.tables.TableNames;
import java.net.URI;
import java.time.Clock;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AnonymousCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * openapi.yaml and the router agree both ways: every route is documented and every documented
 * operation is routed. (Response fields are checked against the document in HttpApiIT, on real
 * responses.)
 */
class OpenApiContractTest {

    private static Set<String> routed() {
        // Building the API makes no call: the client is never used here.
        try (DynamoDbClient unused = DynamoDbClient.builder().region(Region.US_EAST_1)
                .credentialsProvider(AnonymousCredentialsProvider.create())
                .endpointOverride(URI.create("http://127.0.0.1:9")).build()) {
            HttpApi api = HttpApi.create(unused, TableNames.defaults(),
                    ApiKeyPepper.fromEnvironment(Map.of(ApiKeyPepper.ENV, "contract-test-pepper")), Clock.systemUTC());
            return api.routes().stream().map(r -> r.method() + " " + r.template()).collect(Collectors.toCollection(TreeSet::new));
        }
    }

    @Test
    void every_route_is_documented_and_every_documented_operation_is_routed() {
        Set<String> documented = OpenApiDocument.load().operations();

        assertThat(routed()).isEqualTo(documented).hasSize(10);
    }

    @Test
    void every_operation_documents_its_errors_as_the_error_schema() {
        OpenApiDocument doc = OpenApiDocument.load();
        for (String op : doc.operations()) {
            String[] mp = op.split(" ");
            for (int status : new int[] {400, 401, 403, 500}) {
                assertThat(doc.responseSchema(mp[0], mp[1], status)).as(op + " " + status)
                        .isEqualTo(doc.schema("Error"));
            }
        }
    }
}
