/** A failure as a person reads it: the one mapping from an exception to words, for every view. */
package app.ishaar.ui.error;
