package app.ishaar;

/**
 * The jar's main class. It does not extend {@code javafx.application.Application}, so the shaded
 * jar starts on the classpath. With no arguments it opens the desktop app; otherwise it runs the
 * command line (issue #3).
 */
public final class Launcher {
    private Launcher() {}

    public static void main(String[] args) {
        if (args.length == 0) {
            javafx.application.Application.launch(app.ishaar.ui.IshaarApp.class);
            return;
        }
        System.exit(app.ishaar.cli.IshaarCli.run(args));
    }
}
