package com.scalesense.sink.tables;

import com.scalesense.sink.SinkException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The rows text of a packed readings-store item (docs/data-model.md), stored gzip-compressed in
 * the binary attribute {@code rows_gz} (and its pour rows in {@code pours_gz}); items written
 * before it hold the same text in the string attributes {@code rows} and {@code pours}, and
 * {@link #text} reads either.
 *
 * <p>Why: a write costs one unit per started KB (DynamoDB Developer Guide, "Read/write capacity
 * mode"); a 100-reading batch's rows are about 3.5 KB of digits that gzip takes to about 0.6 KB
 * (issue 18); a busy batch's pour rows, about 30 bytes a pour, shrink likewise.
 *
 * <p>Guarantee: {@link #gzip} is a pure function of the text on a given runtime ({@link Gzip}), so
 * a re-put of a batch writes byte-identical items. Whatever the runtime, the decoded text is the text.
 */
public final class PackedRows {

    /** Suffix of a gzip attribute beside the name of the text it holds. */
    public static final String SUFFIX = "_gz";
    /** Text rows, as items written before {@link #GZ} hold them. */
    public static final String TEXT = "rows";
    /** Gzip of the same text, UTF-8 (RFC 1952). */
    public static final String GZ = TEXT + SUFFIX;
    /** The batch's pour rows as text, as items written before {@link #POURS_GZ} hold them. */
    public static final String POURS = "pours";
    /** Gzip of the pour rows. */
    public static final String POURS_GZ = POURS + SUFFIX;

    private PackedRows() {
    }

    /** The {@link #GZ} attribute value of {@code text}: the same bytes for the same text ({@link Gzip}). */
    public static AttributeValue gzip(String text) {
        return AttributeValue.fromB(SdkBytes.fromByteArray(Gzip.compress(text.getBytes(StandardCharsets.UTF_8))));
    }

    /**
     * The rows text of a packed item: {@link #GZ} decompressed when present, else {@link #TEXT}.
     *
     * @throws SinkException when the item has neither or {@code rows_gz} is not valid gzip
     */
    public static String text(Map<String, AttributeValue> item) {
        String text = text(item, TEXT);
        if (text == null) {
            throw new SinkException("packed item " + item.get(ItemKey.PK) + " must have " + GZ + " or " + TEXT);
        }
        return text;
    }

    /**
     * The text packed under {@code name}: attribute {@code name + "_gz"} decompressed when present,
     * else the string attribute {@code name}, else null.
     *
     * @throws SinkException when {@code name + "_gz"} is not valid gzip
     */
    public static String text(Map<String, AttributeValue> item, String name) {
        AttributeValue gz = item.get(name + SUFFIX);
        if (gz != null && gz.b() != null) {
            try {
                return new String(Gzip.decompress(gz.b().asByteArray()), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new SinkException(name + SUFFIX + " of item " + item.get(ItemKey.PK) + " must be gzip: " + e.getMessage(), e);
            }
        }
        return Attr.str(item, name);
    }
}
