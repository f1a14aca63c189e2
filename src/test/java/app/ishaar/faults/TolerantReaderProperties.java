package app.ishaar.faults;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.model.NotificationPage;
import app.ishaar.core.service.UnexpectedResponseException;
import app.ishaar.core.service.http.HttpResult;
import app.ishaar.core.service.http.NotificationReader;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import okhttp3.Headers;

/**
 * Property-based (jqwik, shrinking to the smallest failing page): a well-formed page whose members
 * carry any JSON value of any type is read whole. One odd value (a number where a date should be,
 * an array for a status, a 10^300 count, a lone surrogate, U+202E) never loses a notification or
 * the page, and never throws anything but the client's typed error.
 */
class TolerantReaderProperties {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    @Property(tries = 400)
    void aPageOfOddlyTypedMembersIsReadWhole(@ForAll("pages") ObjectNode page) throws Exception {
        byte[] body = page.toString().getBytes(StandardCharsets.UTF_8);
        NotificationPage read;
        try {
            read =
                    NotificationReader.read(
                            new HttpResult(
                                    200,
                                    Headers.of("Content-Type", "application/json"),
                                    body,
                                    "application/json"),
                            1,
                            null);
        } catch (UnexpectedResponseException e) {
            // only a result that is not an array may be refused
            JsonNode result = page.get("result");
            assertThat(result != null && !result.isArray() && !result.isNull())
                    .as("refused %s: %s", page, e.getMessage())
                    .isTrue();
            return;
        }
        long objects = 0;
        for (JsonNode n : page.get("result")) {
            if (n.isObject()) {
                objects++;
            }
        }
        assertThat(read.result()).hasSize((int) objects);
        assertThat(read.totalPages()).isNotNegative();
        assertThat(read.totalCount()).isNotNegative();
    }

    @Provide
    Arbitrary<ObjectNode> pages() {
        Arbitrary<JsonNode> notification =
                Combinators.combine(
                                value(), value(), value(), value(), value(), value(), value(),
                                value())
                        .as(
                                (id,
                                        received,
                                        delivered,
                                        type,
                                        status,
                                        channel,
                                        attempts,
                                        message) -> {
                                    ObjectNode n = F.objectNode();
                                    n.set("notificationId", id);
                                    n.set("receivedDateTime", received);
                                    n.set("deliveredDateTime", delivered);
                                    n.set("typeId", type);
                                    n.set("status", status);
                                    n.set("channel", channel);
                                    n.set("finalMessage", message);
                                    ArrayNode a = F.arrayNode();
                                    a.add(F.objectNode().set("attemptDateTime", attempts));
                                    a.add(attempts);
                                    n.set("deliveryAttempts", attempts.isArray() ? attempts : a);
                                    return n;
                                });
        Arbitrary<JsonNode> element =
                Arbitraries.frequencyOf(
                        net.jqwik.api.Tuple.of(8, notification),
                        net.jqwik.api.Tuple.of(1, value()));
        Arbitrary<JsonNode> result =
                Arbitraries.frequencyOf(
                        net.jqwik.api.Tuple.of(
                                10,
                                element.list()
                                        .ofMaxSize(6)
                                        .map(l -> (JsonNode) F.arrayNode().addAll(l))),
                        net.jqwik.api.Tuple.of(1, value()));
        Arbitrary<JsonNode> metadata =
                Combinators.combine(value(), value(), Arbitraries.of(0, 1, 2))
                        .as(
                                (pages, count, shape) -> {
                                    ObjectNode m = F.objectNode();
                                    m.set("totalPages", pages);
                                    m.set("totalCount", count);
                                    return shape == 0
                                            ? (JsonNode) m
                                            : shape == 1 ? F.arrayNode().add(m) : pages;
                                });
        return Combinators.combine(result, metadata)
                .as(
                        (r, m) -> {
                            ObjectNode root = F.objectNode();
                            root.set("result", r);
                            root.set("metadata", m);
                            return root;
                        });
    }

    /** Any JSON value: plausible ones and hostile ones of every type. */
    private static Arbitrary<JsonNode> value() {
        Arbitrary<JsonNode> text = Arbitraries.strings().all().ofMaxLength(40).map(F::textNode);
        Arbitrary<JsonNode> dates = Arbitraries.of(Mutator.ODD_DATES).map(F::textNode);
        Arbitrary<JsonNode> good =
                Arbitraries.of(
                                "2026-03-01T10:15:30.1234567Z",
                                "2026-03-01T10:15Z",
                                "7",
                                "delivered",
                                "sms",
                                "n-1")
                        .map(F::textNode);
        Arbitrary<JsonNode> ints = Arbitraries.longs().map(F::numberNode);
        Arbitrary<JsonNode> huge =
                Arbitraries.integers()
                        .between(19, 400)
                        .map(n -> F.numberNode(new BigInteger("9".repeat(n))));
        Arbitrary<JsonNode> doubles =
                Arbitraries.of(1e308, -1e308, Double.MIN_VALUE, -0.0, 0.5).map(F::numberNode);
        Arbitrary<JsonNode> other =
                Arbitraries.of(
                        F.nullNode(),
                        F.booleanNode(true),
                        F.arrayNode(),
                        F.objectNode(),
                        F.objectNode().set("x", F.arrayNode().add(1)),
                        F.textNode("\u202E"),
                        F.textNode("\uD800"));
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(4, good),
                net.jqwik.api.Tuple.of(2, text),
                net.jqwik.api.Tuple.of(2, dates),
                net.jqwik.api.Tuple.of(1, ints),
                net.jqwik.api.Tuple.of(1, huge),
                net.jqwik.api.Tuple.of(1, doubles),
                net.jqwik.api.Tuple.of(2, other));
    }
}
