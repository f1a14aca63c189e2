package app.ishaar.ui.main;

import app.ishaar.ui.app.SceneFactory;
import app.ishaar.ui.app.Shortcut;
import app.ishaar.ui.app.TextSize;
import app.ishaar.ui.fx.Weak;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.i18n.I18n;
import javafx.scene.Node;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.ToggleGroup;

/**
 * The main window's menu bar: Session (switch taxpayer, log out, quit), View (the taxpayer list,
 * the language, the theme, the text size, the settings) and Help, each with its shortcut from
 * {@link Shortcut}.
 */
final class MainMenu {
    private MainMenu() {}

    static Node create(
            MainWindowViewModel vm,
            I18n i18n,
            SceneFactory scenes,
            MainWindowView window,
            Runnable onQuit) {
        Menu session = new Menu();
        session.textProperty().bind(i18n.text("main.menu.session"));
        MenuItem switchItem = item(i18n, "main.menu.switch", "menu-switch");
        switchItem.setAccelerator(Shortcut.SWITCH_TAXPAYER.key());
        switchItem.setOnAction(e -> window.openSwitcher());
        MenuItem logout = item(i18n, "main.menu.logout", "menu-logout");
        logout.setOnAction(e -> vm.logout());
        MenuItem quit = item(i18n, "main.menu.quit", "menu-quit");
        quit.setAccelerator(Shortcut.QUIT.key());
        quit.setOnAction(e -> onQuit.run());
        session.getItems().addAll(switchItem, logout, quit);

        Menu view = new Menu();
        view.textProperty().bind(i18n.text("main.menu.view"));
        Menu language = new Menu();
        language.textProperty().bind(i18n.text("main.menu.language"));
        ToggleGroup langs = new ToggleGroup();
        RadioMenuItem en = new RadioMenuItem();
        en.textProperty().bind(i18n.text("language.english"));
        en.setId("menu-lang-en");
        RadioMenuItem ar = new RadioMenuItem();
        ar.textProperty().bind(i18n.text("language.arabic"));
        ar.setId("menu-lang-ar");
        en.setToggleGroup(langs);
        ar.setToggleGroup(langs);
        (i18n.languageProperty().get() == AppLanguage.ARABIC ? ar : en).setSelected(true);
        en.setOnAction(e -> i18n.languageProperty().set(AppLanguage.ENGLISH));
        ar.setOnAction(e -> i18n.languageProperty().set(AppLanguage.ARABIC));
        Weak.<AppLanguage>listen(
                window.root().getProperties(),
                (o, a, b) -> (b == AppLanguage.ARABIC ? ar : en).setSelected(true),
                i18n.languageProperty());
        language.getItems().addAll(en, ar);
        CheckMenuItem taxpayerList = new CheckMenuItem();
        taxpayerList.textProperty().bind(i18n.text("main.menu.taxpayerList"));
        taxpayerList.setId("menu-taxpayer-list");
        taxpayerList.setAccelerator(Shortcut.TAXPAYER_LIST.key());
        taxpayerList
                .selectedProperty()
                .bindBidirectional(vm.settings().taxpayerListShownProperty());
        MenuItem settings = item(i18n, "main.menu.settings", "menu-settings");
        settings.setAccelerator(Shortcut.SETTINGS.key());
        settings.setOnAction(e -> window.openSettings());
        TextSize textSize = scenes.textSize();
        MenuItem larger = item(i18n, "main.menu.largerText", "menu-larger-text");
        larger.setAccelerator(Shortcut.LARGER_TEXT.key());
        larger.setOnAction(e -> textSize.larger());
        larger.disableProperty().bind(textSize.largestProperty());
        MenuItem smaller = item(i18n, "main.menu.smallerText", "menu-smaller-text");
        smaller.setAccelerator(Shortcut.SMALLER_TEXT.key());
        smaller.setOnAction(e -> textSize.smaller());
        smaller.disableProperty().bind(textSize.normalProperty());
        MenuItem normal = item(i18n, "main.menu.normalText", "menu-normal-text");
        normal.setAccelerator(Shortcut.NORMAL_TEXT.key());
        normal.setOnAction(e -> textSize.reset());
        normal.disableProperty().bind(textSize.normalProperty());
        CheckMenuItem darkTheme = new CheckMenuItem();
        darkTheme.textProperty().bind(i18n.text("main.menu.darkTheme"));
        darkTheme.setId("menu-dark-theme");
        darkTheme.selectedProperty().bindBidirectional(scenes.theme().darkProperty());
        view.getItems()
                .addAll(
                        taxpayerList,
                        language,
                        darkTheme,
                        new javafx.scene.control.SeparatorMenuItem(),
                        larger,
                        smaller,
                        normal,
                        new javafx.scene.control.SeparatorMenuItem(),
                        settings);

        Menu help = new Menu();
        help.textProperty().bind(i18n.text("help.menu"));
        MenuItem shortcuts = item(i18n, "help.menu.shortcuts", "menu-shortcuts");
        shortcuts.setAccelerator(Shortcut.HELP.key());
        shortcuts.setOnAction(e -> window.openShortcuts());
        MenuItem about = item(i18n, "help.menu.about", "menu-about");
        about.setOnAction(e -> window.openAbout());
        MenuItem diagnostics = item(i18n, "help.menu.diagnostics", "menu-diagnostics");
        diagnostics.setOnAction(e -> window.copyDiagnostics());
        help.getItems().addAll(shortcuts, diagnostics, about);

        MenuBar bar = new MenuBar(session, view, help);
        bar.setId("menubar");
        return bar;
    }

    /** A menu item named in the UI's language, with an id (null for none). */
    static MenuItem item(I18n i18n, String key, String id) {
        MenuItem m = new MenuItem();
        m.textProperty().bind(i18n.text(key));
        m.setId(id);
        return m;
    }
}
