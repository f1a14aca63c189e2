package app.ishaar.ui.main;

import app.ishaar.ui.app.SceneFactory;
import app.ishaar.ui.i18n.I18n;
import app.ishaar.ui.notifications.HistoryView;
import app.ishaar.ui.notifications.HistoryViewModel;

/** All taxpayers in the main window: the notification screen's view, made when first shown. */
final class AllTaxpayersHost {
    private final HistoryViewModel all;
    private final I18n i18n;
    private final SceneFactory scenes;
    private HistoryView view;

    AllTaxpayersHost(HistoryViewModel all, I18n i18n, SceneFactory scenes) {
        this.all = all;
        this.i18n = i18n;
        this.scenes = scenes;
    }

    /** The view, made when All taxpayers is first shown. */
    HistoryView view() {
        if (view == null) {
            view = new HistoryView(all, i18n, scenes);
        }
        return view;
    }

    /** The view if it is made. */
    HistoryView madeView() {
        return view;
    }
}
