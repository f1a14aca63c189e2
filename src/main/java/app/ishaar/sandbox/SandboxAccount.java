package app.ishaar.sandbox;

import java.util.List;

/** A demo ERP system account. kind: taxpayer | intermediary | blocked | expired. */
public record SandboxAccount(
        String clientId, String clientSecret, String kind, List<SandboxTaxpayer> taxpayers) {}
