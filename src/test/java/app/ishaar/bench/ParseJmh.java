package app.ishaar.bench;

import app.ishaar.core.model.NotificationPage;
import app.ishaar.core.service.http.Bodies;
import app.ishaar.core.service.http.HttpResult;
import app.ishaar.core.service.http.NotificationReader;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import okhttp3.Headers;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The JMH benchmarks behind parse_ratio, over the bytes of one real 100-notification page from the
 * sandbox (file named by system property {@code ishaar.bench.page}, written by {@link ParseBench}):
 * the client's own reader producing the model ({@link NotificationReader#read}, the entry point the
 * HTTP session uses), and the floor: Jackson's streaming parser over the same bytes, with the same
 * factory, producing every scalar's text and nothing else.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class ParseJmh {
    static final String PAGE_PROPERTY = "ishaar.bench.page";

    private byte[] page;
    private HttpResult response;
    private JsonFactory factory;

    @Setup
    public void load() throws IOException {
        page = Files.readAllBytes(Path.of(System.getProperty(PAGE_PROPERTY)));
        response =
                new HttpResult(
                        200,
                        Headers.of("Content-Type", "application/json; charset=utf-8"),
                        page,
                        "application/json; charset=utf-8");
        factory = Bodies.MAPPER.getFactory();
    }

    @Benchmark
    public NotificationPage parseAndMap() throws Exception {
        return NotificationReader.read(response, 1, 100);
    }

    @Benchmark
    public void rawStreaming(Blackhole bh) throws IOException {
        try (JsonParser p = factory.createParser(page)) {
            JsonToken t;
            while ((t = p.nextToken()) != null) {
                if (t.isScalarValue()) {
                    bh.consume(p.getText());
                }
            }
        }
    }
}
