/**
 * JavaFX itself: the FX thread's executor ({@link app.ishaar.ui.fx.FxExecutor}, the only caller of
 * {@code Platform.runLater}), scheduling around frames and moments ({@link
 * app.ishaar.ui.fx.AfterFirstFrame}, {@link app.ishaar.ui.fx.AfterAMoment}, {@link
 * app.ishaar.ui.fx.WhenFirst}), weak listening ({@link app.ishaar.ui.fx.Weak}), and the toolkit
 * workarounds, each of which says in its comment what JavaFX 21 does wrong and when it can go:
 *
 * <ul>
 *   <li>{@link app.ishaar.ui.fx.RequestedSize}: GTK windows mapped at another size than asked
 *       (JDK-8316423, fixed in JavaFX 22);
 *   <li>{@link app.ishaar.ui.fx.GrowToFit}: GTK windows ignore a height asked without a width;
 *   <li>{@link app.ishaar.ui.fx.WrappedText}, {@link app.ishaar.ui.fx.WrappingLabel}: wrapped
 *       right-to-left text laid out past its edge or out of order;
 *   <li>{@link app.ishaar.ui.fx.ArabicLayoutKeys}: shortcuts typed on an Arabic keyboard layout
 *       alone arrive as undefined keys on Linux;
 *   <li>{@link app.ishaar.ui.fx.MenuKeys}: the menu key and Shift+F10 open no context menu on Linux
 *       and macOS;
 *   <li>{@link app.ishaar.ui.fx.StretchedChoiceBoxSkin}, {@link app.ishaar.ui.fx.ChoiceMenus}: a
 *       choice box styles its menu to measure itself, and keeps that menu to itself.
 * </ul>
 */
package app.ishaar.ui.fx;
