namespace Sorcha.Gateway.Health;

/// <summary>api.md's health answer: the overall status and each service's (and Redis's).</summary>
public sealed record PlatformHealth(string Status, Dictionary<string, string> Services);
