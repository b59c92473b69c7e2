package com.scalesense.sink.handler;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.scalesense.sink.api.HttpApi;

/**
 * Entry point for API Gateway HTTP API (payload format 2.0, template.yaml {@code HttpApiFunction}):
 * every request goes to {@link HttpApi}, which answers errors as JSON itself, so the function never
 * fails an invocation for a bad request. Environment: {@code API_KEY_PEPPER} (required),
 * {@code SCALESENSE_TABLE_PREFIX}.
 */
public final class HttpApiHandler implements RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> {

    private final HttpApi api;

    public HttpApiHandler() {
        this(SinkWiring.api(System.getenv()));
    }

    public HttpApiHandler(HttpApi api) {
        this.api = api;
    }

    @Override
    public APIGatewayV2HTTPResponse handleRequest(APIGatewayV2HTTPEvent event, Context context) {
        return api.handle(event);
    }
}
