package com.scalesense.sink.apikey;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.scalesense.sink.admin.NotFoundException;
import com.scalesense.sink.apikey.ApiKeyRejectedException.Reason;
import com.scalesense.sink.tables.Attr;
import com.scalesense.sink.tables.TableNames;
import com.scalesense.sink.testing.WithLocalDynamo;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ApiKeysIT extends WithLocalDynamo {

    static final ApiKeyPepper PEPPER = ApiKeyPepper.fromEnvironment(Map.of("API_KEY_PEPPER", "pepper-0123456789abcdef"));

    final StepClock clock = new StepClock(Instant.parse("2024-01-10T08:00:00Z"));
    TableNames names;
    ApiKeys keys;


    @BeforeEach
    void tables() {
        names = dynamo.freshTables();
        keys = new ApiKeys(dynamo.client(), names, PEPPER, new SecureRandom(), clock);
    }

    @Test
    void stores_only_the_peppered_hash_in_seed_001_shape_and_accepts_the_raw_key() {
        CreatedApiKey created = keys.create("Production scales - loc-001", Set.of("loc-001"));

        var item = dynamo.client().getItem(b -> b.tableName(names.apiKeys())
                .key(Map.of("key_id", Attr.s(created.key().keyId())))).item();
        assertThat(created.rawKey()).matches("^[0-9a-f]{64}$");
        assertThat(created.key().keyId()).matches("^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$");
        assertThat(Attr.str(item, "api_key_hash")).isEqualTo(new ApiKeyHasher(PEPPER).hash(created.rawKey()))
                .isNotEqualTo(created.rawKey());
        assertThat(item.values()).noneMatch(v -> created.rawKey().equals(v.s()));
        assertThat(Attr.str(item, "created_at")).isEqualTo("2024-01-10T08:00:00Z");
        assertThat(Attr.str(item, "gsi1pk")).isEqualTo("api_keys");
        assertThat(Attr.str(item, "gsi1sk")).isEqualTo("2024-01-10T08:00:00Z");
        assertThat(Attr.flag(item, "is_active")).isTrue();
        assertThat(created.toString()).doesNotContain(created.rawKey());

        assertThat(keys.validate(created.rawKey()).keyId()).isEqualTo(created.key().keyId());
    }

    @Test
    void scopes_a_key_to_the_locations_it_was_created_for_and_a_key_without_scope_to_none() {
        // issue 17: a key of one bar must not read another bar's taps
        CreatedApiKey scoped = keys.create("two bars", Set.of("loc-001", "loc-002"));
        CreatedApiKey legacy = keys.create("before scopes", Set.of("loc-001"));
        dynamo.client().updateItem(b -> b.tableName(names.apiKeys()).key(Map.of("key_id", Attr.s(legacy.key().keyId())))
                .updateExpression("REMOVE loc_ids"));

        var item = dynamo.client().getItem(b -> b.tableName(names.apiKeys())
                .key(Map.of("key_id", Attr.s(scoped.key().keyId())))).item();
        ApiKey validated = keys.validate(scoped.rawKey());

        assertThat(item.get("loc_ids").ss()).containsExactlyInAnyOrder("loc-001", "loc-002");
        assertThat(validated.locIds()).containsExactly("loc-001", "loc-002");
        assertThat(validated.reaches("loc-002")).isTrue();
        assertThat(validated.reaches("loc-003")).isFalse();
        assertThat(keys.validate(legacy.rawKey()).locIds()).isEmpty();
        assertThatThrownBy(() -> keys.create("nowhere", Set.of()))
                .isInstanceOf(com.scalesense.sink.validation.InvalidInputException.class).hasMessageContaining("loc_ids");
        assertThatThrownBy(() -> keys.create("bad", Set.of("LOC 1")))
                .isInstanceOf(com.scalesense.sink.validation.InvalidInputException.class).hasMessageContaining("loc_id");
    }

    @Test
    void rejects_a_wrong_key_a_malformed_key_and_a_key_hashed_with_another_pepper() {
        CreatedApiKey created = keys.create(null, Set.of("loc-001"));
        String wrong = created.rawKey().substring(1) + (created.rawKey().charAt(0) == 'a' ? "b" : "a");
        ApiKeys otherPepper = new ApiKeys(dynamo.client(), names,
                ApiKeyPepper.fromEnvironment(Map.of("API_KEY_PEPPER", "another-pepper-fedcba9876543210")),
                new SecureRandom(), clock);

        assertThatThrownBy(() -> keys.validate(wrong)).isInstanceOf(ApiKeyRejectedException.class)
                .extracting(e -> ((ApiKeyRejectedException) e).reason()).isEqualTo(Reason.UNKNOWN);
        assertThatThrownBy(() -> keys.validate("not-a-key")).isInstanceOf(ApiKeyRejectedException.class)
                .extracting(e -> ((ApiKeyRejectedException) e).reason()).isEqualTo(Reason.MALFORMED);
        assertThatThrownBy(() -> otherPepper.validate(created.rawKey())).isInstanceOf(ApiKeyRejectedException.class)
                .extracting(e -> ((ApiKeyRejectedException) e).reason()).isEqualTo(Reason.UNKNOWN);
    }

    @Test
    void a_revoked_key_is_rejected_at_once() {
        CreatedApiKey created = keys.create(null, Set.of("loc-001"));
        keys.validate(created.rawKey());

        keys.revoke(created.key().keyId());

        assertThatThrownBy(() -> keys.validate(created.rawKey())).isInstanceOf(ApiKeyRejectedException.class)
                .extracting(e -> ((ApiKeyRejectedException) e).reason()).isEqualTo(Reason.REVOKED);
        assertThatThrownBy(() -> keys.revoke("00000000-0000-4000-8000-000000000000"))
                .isInstanceOf(NotFoundException.class);
    }

    @Test
    void last_used_at_is_written_at_most_once_per_five_minutes() {
        CreatedApiKey created = keys.create(null, Set.of("loc-001"));

        clock.advance(Duration.ofMinutes(1));
        keys.validate(created.rawKey());
        clock.advance(Duration.ofMinutes(4).plusSeconds(59));
        keys.validate(created.rawKey());
        String afterFourMinutes = lastUsedAt(created);
        clock.advance(Duration.ofSeconds(1));
        keys.validate(created.rawKey());

        assertThat(afterFourMinutes).isEqualTo("2024-01-10T08:01:00Z");
        assertThat(lastUsedAt(created)).isEqualTo("2024-01-10T08:06:00Z");
    }

    @Test
    void lists_keys_newest_first_without_hashes() {
        CreatedApiKey first = keys.create("first", Set.of("loc-001"));
        clock.advance(Duration.ofHours(1));
        CreatedApiKey second = keys.create("second", Set.of("loc-001"));
        keys.revoke(first.key().keyId());

        assertThat(keys.list()).extracting(ApiKey::keyId, ApiKey::active, ApiKey::description).containsExactly(
                org.assertj.core.groups.Tuple.tuple(second.key().keyId(), true, "second"),
                org.assertj.core.groups.Tuple.tuple(first.key().keyId(), false, "first"));
    }

    private String lastUsedAt(CreatedApiKey created) {
        return Attr.str(dynamo.client().getItem(b -> b.tableName(names.apiKeys())
                .key(Map.of("key_id", Attr.s(created.key().keyId()))).consistentRead(true)).item(), "last_used_at");
    }

    /** A clock the test moves by hand. */
    static final class StepClock extends Clock {
        private Instant now;

        StepClock(Instant start) {
            this.now = start;
        }

        void advance(Duration d) {
            now = now.plus(d);
        }

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }
    }
}
