package app.ishaar.core.settings;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A taxpayer an intermediary acts for: 9-digit registration number and the name the user gave it.
 *
 * @param arabicName its Arabic name, where the list has one beside {@code name} (the sandbox's demo
 *     accounts, a list file with both): the desktop shows it while its interface is Arabic; null
 *     when the list has one name only
 */
public record RepresentedTaxpayer(
        String rin, String name, @JsonInclude(JsonInclude.Include.NON_NULL) String arabicName) {

    /** A taxpayer with one name. */
    public RepresentedTaxpayer(String rin, String name) {
        this(rin, name, null);
    }

    /** The name to show in an interface in Arabic ({@code arabic}) or not. */
    public String nameIn(boolean arabic) {
        return arabic && arabicName != null && !arabicName.isBlank() ? arabicName : name;
    }
}
