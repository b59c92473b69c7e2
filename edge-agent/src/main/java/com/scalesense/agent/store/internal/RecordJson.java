package com.scalesense.agent.store.internal;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.util.ByteArrayBuilder;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Records as JSON on jackson-core alone (issue 18: the agent loads no object mapper), in the form
 * the databind mapper gave them before, so values stored by an older agent read and a value
 * written now reads in an older one: an object of the record's components in their order under
 * their Java names, nulls written, enums by name, numbers as the generator writes them (a NaN as
 * the string {@code "NaN"}). Reading is as lenient as that mapper was: unknown fields are skipped
 * (a newer agent's values), a missing or null field is null (0 or false for a primitive), a number
 * may come as text. Components may be records, enums, strings, numbers, booleans, lists and
 * string-keyed maps of these.
 */
final class RecordJson {

    private static final JsonFactory FACTORY = new JsonFactory();

    /** The components, accessors and constructor of each record type, found once. */
    private static final ClassValue<Shape> SHAPES = new ClassValue<>() {
        @Override
        protected Shape computeValue(Class<?> type) {
            return new Shape(type);
        }
    };

    private RecordJson() {
    }

    static byte[] write(Record value) throws IOException {
        try (var out = new ByteArrayBuilder(FACTORY._getBufferRecycler())) {
            try (JsonGenerator g = FACTORY.createGenerator(out, JsonEncoding.UTF8)) {
                write(g, value);
            }
            return out.toByteArray();
        }
    }

    static <T extends Record> T read(byte[] json, Class<T> type) throws IOException {
        try (JsonParser p = FACTORY.createParser(json)) {
            p.nextToken();
            return type.cast(read(p, type));
        }
    }

    private static void write(JsonGenerator g, Object value) throws IOException {
        if (value == null) {
            g.writeNull();
        } else if (value instanceof Record r) {
            Shape shape = SHAPES.get(r.getClass());
            g.writeStartObject();
            for (int i = 0; i < shape.names.length; i++) {
                g.writeFieldName(shape.names[i]);
                write(g, shape.get(r, i));
            }
            g.writeEndObject();
        } else if (value instanceof String s) {
            g.writeString(s);
        } else if (value instanceof Double d) {
            g.writeNumber(d.doubleValue());
        } else if (value instanceof Float f) {
            g.writeNumber(f.floatValue());
        } else if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
            g.writeNumber(((Number) value).longValue());
        } else if (value instanceof Boolean b) {
            g.writeBoolean(b);
        } else if (value instanceof Enum<?> e) {
            g.writeString(e.name());
        } else if (value instanceof Collection<?> c) {
            g.writeStartArray();
            for (Object element : c) {
                write(g, element);
            }
            g.writeEndArray();
        } else if (value instanceof Map<?, ?> m) {
            g.writeStartObject();
            for (var entry : m.entrySet()) {
                g.writeFieldName(String.valueOf(entry.getKey()));
                write(g, entry.getValue());
            }
            g.writeEndObject();
        } else {
            throw new IllegalArgumentException("a stored value cannot hold a " + value.getClass().getName());
        }
    }

    /** The value of {@code type} at the parser's current token. */
    private static Object read(JsonParser p, Type type) throws IOException {
        Class<?> raw = raw(type);
        JsonToken t = p.currentToken();
        if (t == null) {
            throw new IOException("no content: expected a " + raw.getSimpleName());
        }
        if (t == JsonToken.VALUE_NULL) {
            return raw.isPrimitive() ? zero(raw) : null;
        }
        if (raw.isRecord()) {
            return record(p, raw);
        } else if (raw == String.class) {
            return scalar(p, raw).getText();
        } else if (raw == double.class || raw == Double.class) {
            return t == JsonToken.VALUE_STRING ? Double.parseDouble(p.getText()) : scalar(p, raw).getDoubleValue();
        } else if (raw == long.class || raw == Long.class) {
            return t == JsonToken.VALUE_STRING ? Long.parseLong(p.getText().trim()) : scalar(p, raw).getValueAsLong();
        } else if (raw == int.class || raw == Integer.class) {
            return t == JsonToken.VALUE_STRING ? Integer.parseInt(p.getText().trim()) : scalar(p, raw).getValueAsInt();
        } else if (raw == boolean.class || raw == Boolean.class) {
            return t == JsonToken.VALUE_STRING ? Boolean.parseBoolean(p.getText().trim()) : scalar(p, raw).getValueAsBoolean();
        } else if (raw.isEnum()) {
            return enumConstant(p, raw);
        } else if (List.class.isAssignableFrom(raw) || raw == Collection.class) {
            return list(p, type);
        } else if (Map.class.isAssignableFrom(raw)) {
            return map(p, type);
        }
        throw new IOException("a stored value cannot hold a " + raw.getName());
    }

    private static JsonParser scalar(JsonParser p, Class<?> raw) throws IOException {
        if (!p.currentToken().isScalarValue()) {
            throw new IOException("expected a " + raw.getSimpleName() + ", was " + p.currentToken());
        }
        return p;
    }

    private static Object record(JsonParser p, Class<?> raw) throws IOException {
        if (p.currentToken() != JsonToken.START_OBJECT) {
            throw new IOException("expected an object for " + raw.getSimpleName() + ", was " + p.currentToken());
        }
        Shape shape = SHAPES.get(raw);
        Object[] args = new Object[shape.names.length];
        for (int i = 0; i < args.length; i++) {
            args[i] = shape.types[i] instanceof Class<?> c && c.isPrimitive() ? zero(c) : null;
        }
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            Integer index = shape.index.get(p.currentName());
            p.nextToken();
            if (index == null) {
                p.skipChildren();
            } else {
                args[index] = read(p, shape.types[index]);
            }
        }
        return shape.create(args);
    }

    private static Object enumConstant(JsonParser p, Class<?> raw) throws IOException {
        Object[] constants = raw.getEnumConstants();
        if (p.currentToken() == JsonToken.VALUE_NUMBER_INT) {
            int ordinal = p.getIntValue();
            if (ordinal >= 0 && ordinal < constants.length) {
                return constants[ordinal];
            }
        } else if (p.currentToken() == JsonToken.VALUE_STRING) {
            for (Object constant : constants) {
                if (((Enum<?>) constant).name().equals(p.getText())) {
                    return constant;
                }
            }
        }
        throw new IOException("'" + p.getText() + "' is not one of " + List.of(constants));
    }

    private static List<Object> list(JsonParser p, Type type) throws IOException {
        if (p.currentToken() != JsonToken.START_ARRAY) {
            throw new IOException("expected an array, was " + p.currentToken());
        }
        Type element = argument(type, 0);
        List<Object> values = new ArrayList<>();
        while (p.nextToken() != JsonToken.END_ARRAY) {
            values.add(read(p, element));
        }
        return values;
    }

    private static Map<String, Object> map(JsonParser p, Type type) throws IOException {
        if (p.currentToken() != JsonToken.START_OBJECT) {
            throw new IOException("expected an object, was " + p.currentToken());
        }
        Type value = argument(type, 1);
        Map<String, Object> values = new LinkedHashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            p.nextToken();
            values.put(key, read(p, value));
        }
        return values;
    }

    private static Type argument(Type type, int i) {
        return type instanceof ParameterizedType pt ? pt.getActualTypeArguments()[i] : Object.class;
    }

    private static Class<?> raw(Type type) {
        if (type instanceof Class<?> c) {
            return c;
        } else if (type instanceof ParameterizedType pt) {
            return (Class<?>) pt.getRawType();
        }
        throw new IllegalArgumentException("a stored value cannot hold a " + type.getTypeName());
    }

    private static Object zero(Class<?> primitive) {
        if (primitive == boolean.class) {
            return false;
        } else if (primitive == double.class) {
            return 0.0;
        } else if (primitive == float.class) {
            return 0.0f;
        } else if (primitive == long.class) {
            return 0L;
        }
        return 0;
    }

    /** What a record type is made of. */
    private static final class Shape {
        final String[] names;
        final Type[] types;
        final Map<String, Integer> index = new HashMap<>();
        private final Method[] accessors;
        private final Constructor<?> constructor;

        Shape(Class<?> type) {
            RecordComponent[] components = type.getRecordComponents();
            names = new String[components.length];
            types = new Type[components.length];
            accessors = new Method[components.length];
            Class<?>[] raw = new Class<?>[components.length];
            for (int i = 0; i < components.length; i++) {
                names[i] = components[i].getName();
                types[i] = components[i].getGenericType();
                raw[i] = components[i].getType();
                accessors[i] = components[i].getAccessor();
                accessors[i].setAccessible(true);
                index.put(names[i], i);
            }
            try {
                constructor = type.getDeclaredConstructor(raw);
                constructor.setAccessible(true);
            } catch (NoSuchMethodException e) {
                throw new IllegalStateException("a record has its canonical constructor: " + type.getName(), e);
            }
        }

        Object get(Record r, int i) throws IOException {
            try {
                return accessors[i].invoke(r);
            } catch (InvocationTargetException e) {
                throw new IOException(names[i] + ": " + e.getCause().getMessage(), e.getCause());
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
        }

        Object create(Object[] args) throws IOException {
            try {
                return constructor.newInstance(args);
            } catch (InvocationTargetException e) {
                // the record refused the values (its own checks): the value does not read as this type
                throw new IOException(e.getCause().getMessage(), e.getCause());
            } catch (InstantiationException | IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
