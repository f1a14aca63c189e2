package app.ishaar.ui.notifications;

import app.ishaar.ui.app.SceneFactory;
import app.ishaar.ui.fx.FxExecutor;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.i18n.I18n;
import java.time.ZoneId;
import javafx.application.Application;
import javafx.stage.Stage;

/**
 * Shows the history screen on the in-process sandbox, for looking at it (screenshots). Not a test.
 * Arguments: {@code en|ar}, the kind of row to select ({@code delivered|error|batched}), and
 * optionally a date preset to apply (e.g. {@code THIS_YEAR}) or {@code export} to open the export
 * dialog.
 *
 * <pre>
 * mvn -q -o test-compile dependency:build-classpath -Dmdep.outputFile=target/cp.txt
 * java -cp target/test-classes:target/classes:$(cat target/cp.txt) app.ishaar.ui.notifications.HistoryDemo ar batched
 * </pre>
 */
public final class HistoryDemo {
    private HistoryDemo() {}

    public static void main(String[] args) {
        Application.launch(App.class, args);
    }

    /**
     * The demo application (a separate class: a classpath main class must not extend Application).
     */
    public static final class App extends Application {
        private SandboxFixture fixture;

        @Override
        public void start(Stage stage) throws Exception {
            String lang =
                    getParameters().getRaw().isEmpty() ? "en" : getParameters().getRaw().get(0);
            String pick =
                    getParameters().getRaw().size() > 1
                            ? getParameters().getRaw().get(1)
                            : "delivered";
            I18n i18n = new I18n(AppLanguage.fromCode(lang));
            i18n.zoneProperty().set(ZoneId.of("Africa/Cairo"));
            fixture = SandboxFixture.start();
            HistoryViewModel vm = new HistoryViewModel(i18n, FxExecutor.INSTANCE, null, p -> {});
            vm.pager().pageSizeProperty().set(25);
            if (getParameters().getRaw().size() > 2
                    && !getParameters().getRaw().get(2).equals("export")) { // a date preset: chips
                vm.filters()
                        .presetProperty()
                        .set(DatePreset.valueOf(getParameters().getRaw().get(2)));
                vm.filters().apply();
            }
            SceneFactory scenes = new SceneFactory(i18n, new app.ishaar.ui.app.TextSize(100));
            HistoryView view = new HistoryView(vm, i18n, scenes);
            scenes.prepare(stage, view.root(), "application.title");
            stage.setWidth(1360);
            stage.setHeight(820);
            stage.show();
            vm.requests()
                    .loadingProperty()
                    .addListener(
                            new javafx.beans.value.ChangeListener<Boolean>() {
                                @Override
                                public void changed(
                                        javafx.beans.value.ObservableValue<? extends Boolean> o,
                                        Boolean was,
                                        Boolean now) {
                                    if (!now) {
                                        vm.requests().loadingProperty().removeListener(this);
                                        vm.table().rows().stream()
                                                .filter(n -> pick.equals(n.status()))
                                                .findFirst()
                                                .ifPresent(
                                                        n -> {
                                                            view.table()
                                                                    .getSelectionModel()
                                                                    .select(n);
                                                            view.table()
                                                                    .scrollTo(
                                                                            Math.max(
                                                                                    0,
                                                                                    vm.table()
                                                                                                    .rows()
                                                                                                    .indexOf(
                                                                                                            n)
                                                                                            - 3));
                                                            view.table().requestFocus();
                                                            javafx.animation.PauseTransition
                                                                    settle =
                                                                            new javafx.animation
                                                                                    .PauseTransition(
                                                                                    javafx.util
                                                                                            .Duration
                                                                                            .seconds(
                                                                                                    3));
                                                            settle.setOnFinished(
                                                                    e -> {
                                                                        if (getParameters()
                                                                                .getRaw()
                                                                                .contains(
                                                                                        "export")) {
                                                                            ((javafx.scene.control
                                                                                                    .Button)
                                                                                            view.root()
                                                                                                    .lookup(
                                                                                                            "#history-export"))
                                                                                    .fire();
                                                                        }
                                                                        System.out.println(
                                                                                "DEMO-READY");
                                                                    });
                                                            settle.play();
                                                        });
                                    }
                                }
                            });
            vm.readFrom(new SessionPages(fixture.openSession()));
        }

        @Override
        public void stop() {
            if (fixture != null) {
                fixture.close();
            }
        }
    }
}
