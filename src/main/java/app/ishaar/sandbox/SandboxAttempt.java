package app.ishaar.sandbox;

import java.time.Instant;

/**
 * A delivery attempt in the sandbox's own model. status: delivered | error; statusDetails null when
 * delivered.
 */
public record SandboxAttempt(Instant attemptDateTime, String status, String statusDetails) {}
