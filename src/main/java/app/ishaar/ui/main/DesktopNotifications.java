package app.ishaar.ui.main;

import app.ishaar.ui.app.SettingsService;
import app.ishaar.ui.desktop.DesktopNotifier;
import app.ishaar.ui.i18n.I18n;
import app.ishaar.ui.taxpayers.TaxpayerEntry;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * More new notifications were counted for a taxpayer: while the app is in the background, the
 * desktop says so (its name, and how many since when), unless the user turned it off in the
 * settings; the title and the taxpayer list say it in the window. A click on the desktop's
 * notification brings the window in front on that taxpayer's first page, newest first, as Show
 * does.
 */
final class DesktopNotifications {
    private final I18n i18n;
    private final WindowDesktop desktop;
    private final SettingsService settings;
    private final Predicate<TaxpayerEntry> listed;
    private final Consumer<TaxpayerEntry> switchTo;

    /**
     * @param listed whether the taxpayer is still in the window's list
     * @param switchTo shows the taxpayer in the window
     */
    DesktopNotifications(
            I18n i18n,
            WindowDesktop desktop,
            SettingsService settings,
            Predicate<TaxpayerEntry> listed,
            Consumer<TaxpayerEntry> switchTo) {
        this.i18n = i18n;
        this.desktop = desktop;
        this.settings = settings;
        this.listed = listed;
        this.switchTo = switchTo;
    }

    void tell(TaxpayerEntry e) {
        if (desktop.notifier() != DesktopNotifier.NONE
                && !desktop.appInFront().getAsBoolean()
                && settings != null
                && settings.get().desktopNotify()
                && e.madeHistory().isPresent()) {
            desktop.notifier()
                    .tell(
                            e.label(),
                            e.history().arrivedText().get(),
                            i18n.get("history.arrived.show"),
                            () -> showArrived(e));
        }
    }

    /** A click on the desktop's notification: the taxpayer's first page, the window in front. */
    private void showArrived(TaxpayerEntry e) {
        if (listed.test(e)) {
            switchTo.accept(e);
            e.history().showArrived();
            desktop.bringToFront().run();
        }
    }
}
