package app.ishaar.sandbox;

import java.util.List;

/** One page of a sandbox-side query: the notifications and the metadata the API reports. */
public record SandboxPage(List<SandboxNotification> result, long totalCount, long totalPages) {}
