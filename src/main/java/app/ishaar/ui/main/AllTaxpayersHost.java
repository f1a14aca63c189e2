package app.ishaar.ui.main;

import app.ishaar.ui.app.SceneFactory;
import app.ishaar.ui.i18n.I18n;
import app.ishaar.ui.notifications.HistoryView;
import app.ishaar.ui.summary.SummaryView;

/**
 * All taxpayers in the main window: the notification screen's view, with its summary beside the
 * table, made when first shown.
 */
final class AllTaxpayersHost {
    private final MainWindowViewModel vm;
    private final I18n i18n;
    private final SceneFactory scenes;
    private HistoryView view;

    AllTaxpayersHost(MainWindowViewModel vm, I18n i18n, SceneFactory scenes) {
        this.vm = vm;
        this.i18n = i18n;
        this.scenes = scenes;
    }

    /** The view, made when All taxpayers is first shown. */
    HistoryView view() {
        if (view == null) {
            view = new HistoryView(vm.allTaxpayers(), i18n, scenes);
            view.besideTable(
                    new SummaryView(vm.summaries().of(vm.allTaxpayers()), i18n, scenes).root());
        }
        return view;
    }

    /** The view if it is made. */
    HistoryView madeView() {
        return view;
    }
}
