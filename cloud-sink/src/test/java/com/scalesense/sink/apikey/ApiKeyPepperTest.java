package com.scalesense.sink.apikey;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.scalesense.sink.validation.InvalidInputException;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ApiKeyPepperTest {

    @Test
    void refuses_to_start_without_a_pepper_naming_the_variable() {
        assertThatThrownBy(() -> ApiKeyPepper.fromEnvironment(Map.of()))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("API_KEY_PEPPER").hasMessageContaining("must be set");
    }

    @Test
    void refuses_a_short_pepper_without_printing_it() {
        assertThatThrownBy(() -> ApiKeyPepper.fromEnvironment(Map.of("API_KEY_PEPPER", "short-secret")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("at least 16").hasMessageNotContaining("short-secret");
    }

    @Test
    void hashes_pepper_then_raw_key_with_sha256_in_lowercase_hex() {
        // given: printf '%s' 'pepper-0123456789abcdef00ff' | sha256sum
        ApiKeyHasher hasher = new ApiKeyHasher(
                ApiKeyPepper.fromEnvironment(Map.of("API_KEY_PEPPER", "pepper-0123456789abcdef")));

        assertThat(hasher.hash("00ff")).isEqualTo("51b97382ef513e23631bae4adcfc8ae61fc41d8c5568acd41bf7c8ad2dc1b9fa");
        assertThat(ApiKeyPepper.fromEnvironment(Map.of("API_KEY_PEPPER", "pepper-0123456789abcdef")).toString())
                .doesNotContain("pepper-0123");
    }
}
