package app.ishaar.core.service;

/** Identifies a session: environment, client id and represented taxpayer (null = the ERP's own). */
public record SessionKey(Environment environment, String clientId, String onBehalfOf) {}
