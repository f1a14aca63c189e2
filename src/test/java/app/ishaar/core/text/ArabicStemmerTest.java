package app.ishaar.core.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The light stemmer on words already normalised for search (ة as ه, hamza forms as bare alef). */
class ArabicStemmerTest {

    @ParameterizedTest(name = "{0}: {1} -> {2}")
    @CsvSource(
            delimiter = '|',
            value = {
                "the bare word loses its teh marbuta | فاتوره | فاتور",
                "a pronoun attached | فاتورتكم | فاتور",
                "their, feminine | فاتورتها | فاتور",
                "their | فاتورتهم | فاتور",
                "the article after a preposition | بالفاتوره | فاتور",
                "the article after a conjunction | والفاتوره | فاتور",
                "the article after ل | للشركه | شرك",
                "the article after two letters | وبالفاتوره | فاتور",
                "a plural ending | فاتورات | فاتور",
                "a masculine plural | المسجلون | مسجل",
                "a masculine plural, other case | المسجلين | مسجل",
                "a pronoun after a plural | مستنداتكم | مستند",
                "a stem keeps three letters: only كم comes off | بيتكم | بيت",
                "a short word keeps its letters | عين | عين",
                "a three-letter word keeps its article-like start | الي | الي",
                "a word's own first letter stays | فاتوره | فاتور",
                "a Latin word is left as it is | mailbox | mailbox",
                "digits are left as they are | 2025 | 2025",
                "a mixed word is left as it is | inv٢ | inv٢",
            })
    void stems(String rule, String word, String stem) {
        assertThat(ArabicStemmer.stem(word)).as(rule).isEqualTo(stem);
    }

    @ParameterizedTest(name = "{0}: {1} -> {2}")
    @CsvSource(
            delimiter = '|',
            value = {
                "a conjunction | وفاتورتها | فاتور",
                "a preposition | بفاتوره | فاتور",
                "ل | لفاتورتكم | فاتور",
                "a word beginning with ف gives an extra form only | فاتوره | اتور",
                "no proclitic | مستند | ''",
                "the article is the stem's business | بالفاتوره | ''",
                "too short without it | وكم | ''",
                "a Latin word | valid | ''",
            })
    void withoutProclitic(String rule, String word, String expected) {
        assertThat(ArabicStemmer.withoutProclitic(word))
                .as(rule)
                .isEqualTo(expected.isEmpty() ? null : expected);
    }
}
