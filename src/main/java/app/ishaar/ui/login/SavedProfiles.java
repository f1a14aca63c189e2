package app.ishaar.ui.login;

import app.ishaar.core.service.Environment;
import app.ishaar.core.service.TokenInfo;
import app.ishaar.core.settings.Profile;
import app.ishaar.core.settings.RepresentedTaxpayer;
import app.ishaar.core.settings.Settings;
import app.ishaar.ui.app.SettingsService;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The saved profiles (environment, client ID, taxpayers; never a secret) the form can be filled
 * from, the one it was last filled from, and the profile a successful login saves. Also tells of a
 * settings file that could not be read and was set aside.
 */
public final class SavedProfiles {

    private final SettingsService settings;
    private final ObservableList<Profile> profiles = FXCollections.observableArrayList();
    private final ReadOnlyObjectWrapper<Profile> applied =
            new ReadOnlyObjectWrapper<>(this, "appliedProfile");
    private final ReadOnlyStringWrapper setAside =
            new ReadOnlyStringWrapper(this, "settingsSetAside");

    SavedProfiles(SettingsService settings) {
        this.settings = settings;
        settings.takeSetAsideNotice()
                .ifPresent(path -> setAside.set(path.getFileName().toString()));
        profiles.setAll(settings.get().profiles());
    }

    ObservableList<Profile> profiles() {
        return profiles;
    }

    ReadOnlyObjectProperty<Profile> appliedProperty() {
        return applied.getReadOnlyProperty();
    }

    /** The form is filled from {@code p}. */
    void applied(Profile p) {
        applied.set(p);
    }

    /** The settings file's name once set aside, or null. */
    public ReadOnlyStringProperty setAsideProperty() {
        return setAside.getReadOnlyProperty();
    }

    void dismissSetAside() {
        setAside.set(null);
    }

    /** The profile last logged in with, if any. */
    Optional<Profile> last() {
        Settings s = settings.get();
        return s.lastProfileId() == null ? Optional.empty() : s.profile(s.lastProfileId());
    }

    /** Saves (as the last used) the profile of a login with these inputs that got this token. */
    Profile save(LoginInput in, TokenInfo token) {
        Profile p = profileOf(in, token == null ? null : token.taxpayerName());
        // the dialog's own list stays as it is: this dialog is done (a fresh one reads the saved
        // profiles), and a new list would blank its "Saved profile" choice while it is still shown
        settings.update(st -> st.withProfile(p));
        return p;
    }

    /**
     * The profile a login with these inputs saves: the saved one's taxpayers (if any), a demo
     * intermediary's, and the on-behalf-of RIN with the name the token gives it ({@code
     * taxpayerName}).
     */
    private Profile profileOf(LoginInput in, String taxpayerName) {
        boolean custom = in.kind() == Environment.Kind.CUSTOM;
        String custAuth = custom ? in.authUrl().trim() : null;
        String custBase = custom ? in.baseUrl().trim() : null;
        String id = Profile.idOf(in.kind(), custAuth, in.clientId());
        Optional<Profile> existing = settings.get().profile(id);
        List<RepresentedTaxpayer> taxpayers =
                new ArrayList<>(existing.map(Profile::taxpayers).orElse(List.of()));
        DemoAccount demo = in.demo();
        if (demo != null && demo.kind() == DemoAccount.Kind.INTERMEDIARY) {
            for (RepresentedTaxpayer t : demo.taxpayers()) {
                if (taxpayers.stream().noneMatch(x -> x.rin().equals(t.rin()))) {
                    taxpayers.add(t);
                }
            }
        }
        String rin = in.rin();
        if (rin != null && taxpayers.stream().noneMatch(x -> x.rin().equals(rin))) {
            taxpayers.add(new RepresentedTaxpayer(rin, taxpayerName != null ? taxpayerName : ""));
        }
        return new Profile(
                id,
                in.kind(),
                custAuth,
                custBase,
                in.clientId(),
                in.scope(),
                in.remember(),
                taxpayers,
                rin,
                existing.map(Profile::ownName).orElse(""),
                existing.map(Profile::ownAsLoggedIn).orElse(null));
    }
}
