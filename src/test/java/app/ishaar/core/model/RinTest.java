package app.ishaar.core.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class RinTest {

    @Test
    void nineDigitsAsTypedWithBlanksOrArabicDigitsAreARin() {
        assertThat(Rin.parse("123456789")).isEqualTo(new Rin.Valid(new Rin("123456789")));
        assertThat(Rin.parse("  123456789 ")).isEqualTo(new Rin.Valid(new Rin("123456789")));
        assertThat(Rin.parse("١٢٣٤٥٦٧٨٩")).isEqualTo(new Rin.Valid(new Rin("123456789")));
        assertThat(Rin.parse("۱۲۳۴۵۶۷۸۹")).isEqualTo(new Rin.Valid(new Rin("123456789")));
    }

    @Test
    void anythingElseSaysWhy() {
        assertThat(Rin.parse(null)).isEqualTo(new Rin.Invalid(Rin.Problem.EMPTY));
        assertThat(Rin.parse("   ")).isEqualTo(new Rin.Invalid(Rin.Problem.EMPTY));
        assertThat(Rin.parse("12345678")).isEqualTo(new Rin.Invalid(Rin.Problem.BAD_FORMAT));
        assertThat(Rin.parse("1234567890")).isEqualTo(new Rin.Invalid(Rin.Problem.BAD_FORMAT));
        assertThat(Rin.parse("12345678a")).isEqualTo(new Rin.Invalid(Rin.Problem.BAD_FORMAT));
        assertThat(Rin.parse("1234 56789")).isEqualTo(new Rin.Invalid(Rin.Problem.BAD_FORMAT));
        assertThat(Rin.isValid("12345678\u202E")).isFalse();
        assertThatThrownBy(() -> new Rin("١٢٣٤٥٦٧٨٩")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Rin.of("x")).isInstanceOf(IllegalArgumentException.class);
    }
}
