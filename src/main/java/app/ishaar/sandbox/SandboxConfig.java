package app.ishaar.sandbox;

/** Start-up knobs of the sandbox (issue #2 fleshes this out with a builder). */
public final class SandboxConfig {
    public static SandboxConfig defaults() {
        return new SandboxConfig();
    }
}
