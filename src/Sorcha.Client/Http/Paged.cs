namespace Sorcha.Client;

/// <summary>One page of a list: <c>?page=1&amp;pageSize=20</c> (pageSize 1..100) → items plus where they sit in the whole.</summary>
public sealed record Paged<T>(IReadOnlyList<T> Items, int Page, int PageSize, long TotalCount)
{
    public long PageCount => PageSize <= 0 ? 0 : (TotalCount + PageSize - 1) / PageSize;
}

/// <summary><c>GET /health</c>: the aggregate and each service's (and Redis's) status.</summary>
public sealed record HealthReport(string Status, IReadOnlyDictionary<string, string> Services)
{
    public bool IsHealthy => Status == "Healthy";
}
