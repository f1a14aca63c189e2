package app.ishaar.ui.help;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.ui.app.Shortcut;
import app.ishaar.ui.fx.OwnStageFxTestBase;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import javafx.scene.input.KeyCombination;
import org.junit.jupiter.api.Test;

/** Help › Keyboard shortcuts is filled from the one table the windows bind their keys from. */
class ShortcutTableFxTest extends OwnStageFxTestBase {

    private static String shown(HelpViewModel.Row row) {
        return row.shortcuts().stream()
                .flatMap(s -> s.keys().stream())
                .map(KeyCombination::getDisplayText)
                .collect(Collectors.joining(" / "));
    }

    private static String named(String... keys) {
        return Arrays.stream(keys)
                .map(k -> KeyCombination.valueOf(k).getDisplayText())
                .collect(Collectors.joining(" / "));
    }

    @Test
    void helpListsEveryShortcutOfTheTableOnceInItsWindowsGroup() {
        List<Shortcut> listed =
                HelpViewModel.SHORTCUTS.stream()
                        .flatMap(g -> g.shortcuts().stream())
                        .flatMap(r -> r.shortcuts().stream())
                        .toList();
        assertThat(listed).containsExactly(Shortcut.values());
        for (HelpViewModel.Group g : HelpViewModel.SHORTCUTS) {
            List<KeyCombination> keys =
                    g.shortcuts().stream()
                            .flatMap(r -> r.shortcuts().stream())
                            .map(Shortcut::key)
                            .toList();
            assertThat(keys).as("each key once in " + g.titleKey()).doesNotHaveDuplicates();
        }
        assertThat(HelpViewModel.SHORTCUTS)
                .extracting(HelpViewModel.Group::titleKey)
                .containsExactly("help.shortcuts.login", "help.shortcuts.main");
    }

    @Test
    void helpShowsTheKeysAsThePlatformNamesThemRowByRow() {
        List<String> main =
                HelpViewModel.SHORTCUTS.get(1).shortcuts().stream()
                        .map(ShortcutTableFxTest::shown)
                        .toList();
        assertThat(main)
                .containsExactly(
                        named("Shortcut+T"),
                        named("Shortcut+B"),
                        named("F2"),
                        named("Delete"),
                        named("Shortcut+Z"),
                        named("F6", "Shift+F6"),
                        named("Shortcut+F"), // the screen's search or filters, listed once
                        named("Enter"),
                        named("F5"),
                        named("Page Down", "Page Up"),
                        named("Alt+Left", "Alt+Right"),
                        named("Shortcut+C"),
                        named("Shortcut+E"),
                        named("Shortcut+I"),
                        named("Shift+Shortcut+S"),
                        named("Shortcut+D", "Shortcut+Shift+D"),
                        named("Shortcut+Shift+A"),
                        named("Shortcut+Shift+N"),
                        named("Shortcut+Enter"),
                        named("Shift+F10", "Context Menu"),
                        named("Shortcut+'+'", "Shortcut+Minus"),
                        named("Shortcut+0"),
                        named("Shortcut+Comma"),
                        named("F1"),
                        named("Shortcut+Q"));
        assertThat(
                        HelpViewModel.SHORTCUTS.get(0).shortcuts().stream()
                                .map(ShortcutTableFxTest::shown)
                                .toList())
                .containsExactly(named("Enter"), named("Esc"));
    }
}
