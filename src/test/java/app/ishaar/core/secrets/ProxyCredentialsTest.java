package app.ishaar.core.secrets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.PasswordAuthentication;
import org.junit.jupiter.api.Test;

/** A proxy's user name and password: one keychain entry per proxy, read once, kept or forgotten. */
class ProxyCredentialsTest {

    @Test
    void aPairIsKeptInTheKeychainUnderItsProxyAndGivenBack() {
        InMemorySecretStore store = new InMemorySecretStore();
        ProxyCredentials creds = new ProxyCredentials(store);
        assertThat(creds.forProxy("proxy.example.com", 3128)).isEmpty();
        assertThat(creds.has("proxy.example.com", 3128)).isFalse();

        char[] typed = "p:ss wörd".toCharArray();
        assertThat(creds.save("Proxy.Example.com", 3128, "alice", typed))
                .isEqualTo(ProxyCredentials.Kept.KEYCHAIN);
        assertThat(typed)
                .as("the caller's array is left as it was")
                .containsExactly("p:ss wörd".toCharArray());
        assertThat(store.contains("proxy:proxy.example.com:3128")).isTrue();
        assertThat(store.contains("proxy:proxy.example.com:8080")).isFalse();

        // a new run reads it from the keychain
        ProxyCredentials next = new ProxyCredentials(store);
        PasswordAuthentication a = next.forProxy("proxy.example.com", 3128).orElseThrow();
        assertThat(a.getUserName()).isEqualTo("alice");
        assertThat(a.getPassword()).containsExactly("p:ss wörd".toCharArray());
        java.util.Arrays.fill(a.getPassword(), '\0');
        assertThat(next.forProxy("proxy.example.com", 3128).orElseThrow().getPassword())
                .as("each answer is a copy the HTTP client may wipe")
                .containsExactly("p:ss wörd".toCharArray());
        assertThat(next.forProxy("proxy.example.com", 8080)).as("another proxy").isEmpty();
        assertThat(next.userName("proxy.example.com", 3128)).contains("alice");

        next.forget("proxy.example.com", 3128);
        assertThat(next.has("proxy.example.com", 3128)).isFalse();
        assertThat(store.contains("proxy:proxy.example.com:3128")).isFalse();
    }

    @Test
    void withoutAKeychainAPairIsKeptForThisRunOnly() {
        ProxyCredentials creds =
                new ProxyCredentials(InMemorySecretStore.unavailable("no Secret Service"));
        assertThat(creds.save("10.0.0.7", 8080, "bob", "pw".toCharArray()))
                .isEqualTo(ProxyCredentials.Kept.THIS_RUN);
        assertThat(creds.forProxy("10.0.0.7", 8080).orElseThrow().getUserName()).isEqualTo("bob");
    }

    @Test
    void aUserNameWithAColonCannotBeKept() {
        ProxyCredentials creds = new ProxyCredentials(new InMemorySecretStore());
        assertThatThrownBy(() -> creds.save("p", 1, "a:b", "x".toCharArray()))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> creds.save("p", 1, "", "x".toCharArray()))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
