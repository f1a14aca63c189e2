package app.ishaar.faults;

import app.ishaar.core.settings.Profile;
import app.ishaar.core.settings.Settings;
import app.ishaar.core.settings.SettingsStore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Child process of {@link NothingLostTest}. {@code loop DIR}: saves ever new generations of a large
 * settings document, printing "saved N" after each, until it is killed. {@code stall DIR}: saves
 * generation 1, then starts writing generation 2 through the same atomic writer, prints "mid-write"
 * after half of it and waits there to be killed.
 */
public final class SettingsWriterChild {
    private SettingsWriterChild() {}

    /**
     * Generation {@code g}: every profile's client id and the last profile id carry {@code g}, so a
     * mixed file shows.
     */
    public static Settings generation(int g) {
        Settings s = Settings.defaults().withLanguage(g % 2 == 0 ? "en" : "ar", false);
        List<Profile> profiles = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            profiles.add(
                    new Profile(
                            "CUSTOM|g" + g + "|" + i,
                            app.ishaar.core.service.Environment.Kind.CUSTOM,
                            "https://id.example/" + i,
                            "https://api.example/" + i,
                            "client-g" + g + "-" + i,
                            "InvoicingAPI",
                            false,
                            List.of(),
                            null));
        }
        for (Profile p : profiles) {
            s = s.withProfile(p);
        }
        return s;
    }

    public static void main(String[] args) throws Exception {
        SettingsStore store = new SettingsStore(Path.of(args[1]));
        if (args[0].equals("stall")) {
            store.save(generation(1));
            byte[] next =
                    new com.fasterxml.jackson.databind.ObjectMapper()
                            .writeValueAsBytes(generation(2));
            try (app.ishaar.core.io.AtomicFileWriter w =
                    app.ishaar.core.io.AtomicFileWriter.open(store.file())) {
                w.stream().write(next, 0, next.length / 2);
                w.stream().flush();
                System.out.println("mid-write");
                System.out.flush();
                new java.util.concurrent.CountDownLatch(1).await();
            }
            return;
        }
        for (int g = 1; ; g++) {
            store.save(generation(g));
            System.out.println("saved " + g);
            System.out.flush();
        }
    }
}
