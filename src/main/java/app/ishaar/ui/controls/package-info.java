/**
 * Small reusable pieces of the views: buttons and tooltips made one way, choice boxes' names,
 * context menus (a text field's own edit menu among them: {@link
 * app.ishaar.ui.controls.TextEditMenu}, since JavaFX's speaks the JVM's language, never Arabic),
 * the language switch, a bar of two ends, a form that scrolls once it must, the keyboard's parts of
 * a window (F6), and data laid out left to right in either language.
 */
package app.ishaar.ui.controls;
