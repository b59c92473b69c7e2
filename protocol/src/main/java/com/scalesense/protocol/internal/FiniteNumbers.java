package com.scalesense.protocol.internal;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdScalarSerializer;
import java.io.IOException;

/**
 * Decimal numbers are finite JSON numbers both ways. Jackson on its own writes NaN and
 * Infinity as strings, reads the strings "NaN" and "Infinity" back even with coercion off, and
 * turns {@code 1e400} into Infinity; here each of those is an error naming the field.
 */
final class FiniteNumbers extends SimpleModule {

    private static final long serialVersionUID = 1L;

    FiniteNumbers() {
        super("scalesense-finite-numbers");
        var writer = new Writer();
        addSerializer(Double.class, writer);
        addSerializer(Double.TYPE, writer);
        addDeserializer(Double.class, new Reader(Double.class));
        addDeserializer(Double.TYPE, new Reader(Double.TYPE));
    }

    private static final class Writer extends StdScalarSerializer<Double> {
        private static final long serialVersionUID = 1L;

        Writer() {
            super(Double.class);
        }

        @Override
        public void serialize(Double value, JsonGenerator gen, SerializerProvider provider) throws IOException {
            if (!Double.isFinite(value)) {
                throw JsonMappingException.from(provider, "must be a finite number, was " + value);
            }
            gen.writeNumber(value);
        }
    }

    private static final class Reader extends StdScalarDeserializer<Double> {
        private static final long serialVersionUID = 1L;

        private final boolean primitive;

        Reader(Class<?> type) {
            super(type);
            this.primitive = type.isPrimitive();
        }

        @Override
        public Double deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            JsonToken token = p.currentToken();
            if (token != JsonToken.VALUE_NUMBER_FLOAT && token != JsonToken.VALUE_NUMBER_INT) {
                return (Double) ctxt.handleUnexpectedToken(handledType(), token, p, "must be a JSON number");
            }
            double value = p.getDoubleValue();
            if (!Double.isFinite(value)) {
                return (Double) ctxt.handleWeirdNumberValue(handledType(), value,
                        "must be a finite number within the range of a double");
            }
            return value;
        }

        @Override
        public Double getNullValue(DeserializationContext ctxt) throws JsonMappingException {
            if (primitive) {
                // Jackson's own primitive readers do this check; a custom reader must repeat it.
                return ctxt.reportInputMismatch(this, "must be a number, was null");
            }
            return null;
        }
    }
}
