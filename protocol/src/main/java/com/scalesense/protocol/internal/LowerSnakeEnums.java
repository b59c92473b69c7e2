package com.scalesense.protocol.internal;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleDeserializers;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdScalarSerializer;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Enums on the wire as lower snake_case strings ({@code KEG_ABSENT} ⇄ {@code "keg_absent"}),
 * read strictly: no upper case, no ordinal numbers, so one value has one spelling.
 */
final class LowerSnakeEnums extends SimpleModule {

    private static final long serialVersionUID = 1L;

    LowerSnakeEnums() {
        super("scalesense-lower-snake-enums");
        addSerializer(Enum.class, new Writer());
        setDeserializers(new Finder());
    }

    static String wireName(Enum<?> constant) {
        return constant.name().toLowerCase(Locale.ROOT);
    }

    @SuppressWarnings("rawtypes")
    private static final class Writer extends StdScalarSerializer<Enum> {
        private static final long serialVersionUID = 1L;

        Writer() {
            super(Enum.class);
        }

        @Override
        public void serialize(Enum value, JsonGenerator gen, SerializerProvider provider) throws IOException {
            gen.writeString(wireName(value));
        }
    }

    private static final class Finder extends SimpleDeserializers {
        private static final long serialVersionUID = 1L;

        @Override
        public JsonDeserializer<?> findEnumDeserializer(Class<?> type, DeserializationConfig config,
                                                        BeanDescription beanDesc) {
            return new Reader(type);
        }
    }

    private static final class Reader extends StdScalarDeserializer<Object> {
        private static final long serialVersionUID = 1L;

        private final Map<String, Object> byWireName = new LinkedHashMap<>();

        Reader(Class<?> type) {
            super(type);
            for (Object constant : type.getEnumConstants()) {
                byWireName.put(wireName((Enum<?>) constant), constant);
            }
        }

        @Override
        public Object deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            if (p.currentToken() != JsonToken.VALUE_STRING) {
                return ctxt.handleUnexpectedToken(handledType(), p);
            }
            Object constant = byWireName.get(p.getText());
            if (constant == null) {
                return ctxt.handleWeirdStringValue(handledType(), p.getText(),
                        "must be one of " + byWireName.keySet());
            }
            return constant;
        }
    }
}
