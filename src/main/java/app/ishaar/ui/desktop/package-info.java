/**
 * The desktop around the app: opening a file or a folder with the desktop's program, the desktop's
 * notifications, and the clipboard.
 */
package app.ishaar.ui.desktop;
