namespace Sorcha.ServiceDefaults.Api;

/// <summary>api.md's page shape: { items, page, pageSize, totalCount }.</summary>
public sealed record Paged<T>(IReadOnlyList<T> Items, int Page, int PageSize, long TotalCount);
