namespace Sorcha.Client;

/// <summary><c>GET /health</c>: the aggregate and each service's (and Redis's) status.</summary>
public sealed record HealthReport(string Status, IReadOnlyDictionary<string, string> Services)
{
    public bool IsHealthy => Status == "Healthy";
}
