-- SQLite only: the words the full-text index holds, per column, read in ranges (the words that
-- begin with what was typed) so that a search asks the index for those words by name, not by
-- prefix. A view of notification_text's own index: it stores nothing.
CREATE VIRTUAL TABLE notification_terms USING fts5vocab (notification_text, col);
