package app.ishaar.sandbox;

/** Knobs that may change while the sandbox runs (issue #2 fleshes this out). */
public final class SandboxKnobs {}
