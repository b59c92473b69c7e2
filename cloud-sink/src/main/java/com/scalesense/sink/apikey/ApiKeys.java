package com.scalesense.sink.apikey;

import static com.scalesense.sink.tables.Attr.s;

import com.scalesense.sink.admin.ConflictException;
import com.scalesense.sink.admin.NotFoundException;
import com.scalesense.sink.apikey.ApiKeyRejectedException.Reason;
import com.scalesense.sink.tables.Attr;
import com.scalesense.sink.tables.Table;
import com.scalesense.sink.tables.TableNames;
import com.scalesense.sink.validation.Fields;
import com.scalesense.sink.validation.InvalidInputException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * API keys in seed 001's {@code api_keys} table: create (raw key shown once, only its peppered
 * SHA-256 stored), validate, revoke, list newest first.
 *
 * <p>Validation looks the hash up in {@code api_key_hash_index}, compares in constant time, then
 * reads the item by key with a strongly consistent read, so a revocation counts at once rather
 * than after the index catches up. {@code last_used_at} is written at most once per
 * {@value #LAST_USED_GRANULARITY_MINUTES} minutes (seed 001: "throttled to 5-minute intervals")
 * by a conditional update, so a busy key does not cost a write per request.
 */
public final class ApiKeys {

    static final int LAST_USED_GRANULARITY_MINUTES = 5;
    /** Seed 001: "Raw API key is 64-character hex string (32 bytes random)". */
    static final int RAW_KEY_BYTES = 32;
    private static final Pattern RAW_KEY = Pattern.compile("^[0-9a-f]{64}$");
    static final String GSI1PK = "api_keys";
    private static final int MAX_PAGES = 20;
    /** Optional attribute added to seed 001's item (its migration rules allow new optional attributes). */
    static final String LOC_IDS = "loc_ids";
    /** A key for a bar group, not for the fleet: an operator with more locations makes more keys. */
    static final int MAX_LOCATIONS = 100;

    private final Table table;
    private final ApiKeyHasher hasher;
    private final SecureRandom random;
    private final Clock clock;

    public ApiKeys(DynamoDbClient client, TableNames names, ApiKeyPepper pepper, SecureRandom random, Clock clock) {
        this.table = new Table(client, names.apiKeys());
        this.hasher = new ApiKeyHasher(pepper);
        this.random = random;
        this.clock = clock;
    }

    /**
     * Creates a key for the given locations (at least one; each a valid loc_id). The raw key is
     * returned once and never stored.
     */
    public CreatedApiKey create(String description, Set<String> locIds) {
        String note = Fields.optionalText("description", description, 200);
        if (locIds == null || locIds.isEmpty()) {
            throw new InvalidInputException("loc_ids", "[]", "must name at least one location the key may reach");
        }
        if (locIds.size() > MAX_LOCATIONS) {
            throw new InvalidInputException("loc_ids", locIds.size() + " locations", "must name at most " + MAX_LOCATIONS);
        }
        locIds.forEach(l -> Fields.match("loc_id", l, Fields.LOC_ID));
        byte[] raw = new byte[RAW_KEY_BYTES];
        random.nextBytes(raw);
        String rawKey = HexFormat.of().formatHex(raw);
        String keyId = uuidV4();
        Instant now = clock.instant().truncatedTo(ChronoUnit.SECONDS);
        Map<String, AttributeValue> item = new HashMap<>(Map.of(
                "key_id", s(keyId), "api_key_hash", s(hasher.hash(rawKey)), "created_at", s(now.toString()),
                "is_active", AttributeValue.fromBool(true), "gsi1pk", s(GSI1PK), "gsi1sk", s(now.toString())));
        if (note != null) {
            item.put("description", s(note));
        }
        item.put(LOC_IDS, AttributeValue.fromSs(List.copyOf(locIds)));
        if (!table.putIfAbsent(item, "key_id")) {
            // 122 random bits: a repeat means a broken random source, never a second key with this id.
            throw new ConflictException("api key", keyId, "already exists");
        }
        return new CreatedApiKey(new ApiKey(keyId, now, null, true, note, locIds), rawKey);
    }

    /** @throws ApiKeyRejectedException unless the key is known and active */
    public ApiKey validate(String rawKey) {
        if (rawKey == null || !RAW_KEY.matcher(rawKey).matches()) {
            throw new ApiKeyRejectedException(Reason.MALFORMED, null);
        }
        String hash = hasher.hash(rawKey);
        List<Map<String, AttributeValue>> hits = table.firstPage(QueryRequest.builder()
                .indexName("api_key_hash_index").keyConditionExpression("api_key_hash = :h")
                .expressionAttributeValues(Map.of(":h", s(hash))).build());
        Map<String, AttributeValue> hit = hits.stream()
                .filter(i -> ApiKeyHasher.sameHash(hash, Attr.str(i, "api_key_hash"))).findFirst()
                .orElseThrow(() -> new ApiKeyRejectedException(Reason.UNKNOWN, null));
        String keyId = Attr.str(hit, "key_id");
        Map<String, AttributeValue> item = table.get(Map.of("key_id", s(keyId)), true);
        if (item.isEmpty() || !Boolean.TRUE.equals(Attr.flag(item, "is_active"))) {
            throw new ApiKeyRejectedException(Reason.REVOKED, keyId);
        }
        return touch(toKey(item));
    }

    /** @throws NotFoundException if no key has this id */
    public void revoke(String keyId) {
        try {
            table.update(b -> b.key(Map.of("key_id", s(keyId)))
                    .conditionExpression("attribute_exists(key_id)").updateExpression("SET is_active = :f")
                    .expressionAttributeValues(Map.of(":f", AttributeValue.fromBool(false))));
        } catch (ConditionalCheckFailedException e) {
            throw new NotFoundException("api key", keyId);
        }
    }

    /** Every key, newest first (gsi1, descending by created_at). */
    public List<ApiKey> list() {
        QueryRequest q = QueryRequest.builder().indexName("gsi1")
                .keyConditionExpression("gsi1pk = :p").expressionAttributeValues(Map.of(":p", s(GSI1PK)))
                .scanIndexForward(false).build();
        return table.queryAll(q, MAX_PAGES, ApiKeys::toKey);
    }

    /** Records this use unless one was recorded less than 5 minutes ago (by anyone). */
    private ApiKey touch(ApiKey key) {
        Instant now = clock.instant().truncatedTo(ChronoUnit.SECONDS);
        Instant cutoff = now.minus(Duration.ofMinutes(LAST_USED_GRANULARITY_MINUTES));
        if (key.lastUsedAt() != null && key.lastUsedAt().isAfter(cutoff)) {
            return key;
        }
        try {
            // RFC 3339 UTC strings of equal precision sort as time, so '<' compares instants.
            table.update(b -> b.key(Map.of("key_id", s(key.keyId())))
                    .conditionExpression("attribute_exists(key_id) AND (attribute_not_exists(last_used_at) OR last_used_at <= :cutoff)")
                    .updateExpression("SET last_used_at = :now")
                    .expressionAttributeValues(Map.of(":now", s(now.toString()), ":cutoff", s(cutoff.toString()))));
            return new ApiKey(key.keyId(), key.createdAt(), now, key.active(), key.description(), key.locIds());
        } catch (ConditionalCheckFailedException concurrentUse) {
            return key;
        }
    }

    private static ApiKey toKey(Map<String, AttributeValue> item) {
        String lastUsed = Attr.str(item, "last_used_at");
        return new ApiKey(Attr.str(item, "key_id"), Instant.parse(Attr.str(item, "created_at")),
                lastUsed == null ? null : Instant.parse(lastUsed), Boolean.TRUE.equals(Attr.flag(item, "is_active")),
                Attr.str(item, "description"), item.containsKey(LOC_IDS) ? Set.copyOf(item.get(LOC_IDS).ss()) : Set.of());
    }

    /** RFC 4122 version 4 from the injected random source (seed 001 validation rule). */
    private String uuidV4() {
        byte[] b = new byte[16];
        random.nextBytes(b);
        b[6] = (byte) ((b[6] & 0x0f) | 0x40);
        b[8] = (byte) ((b[8] & 0x3f) | 0x80);
        String hex = HexFormat.of().formatHex(b);
        return hex.substring(0, 8) + "-" + hex.substring(8, 12) + "-" + hex.substring(12, 16) + "-"
                + hex.substring(16, 20) + "-" + hex.substring(20);
    }
}
