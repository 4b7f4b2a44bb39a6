"""The words SubTerminator reads on pages, language by language: one source that the gate,
the offline policy and the outcome judge all read. Plain data (no imports from the rest of the
package), compiled by ``safety.text.words``."""
