using System.Text.Json.Serialization;

namespace Sorcha.Contracts;

/// <summary>api.md's page shape: <c>{ items, page, pageSize, totalCount }</c> (<c>?page=1&amp;pageSize=20</c>, pageSize 1..100).</summary>
public sealed record Paged<T>(IReadOnlyList<T> Items, int Page, int PageSize, long TotalCount)
{
    /// <summary>A reader's convenience, not on the wire.</summary>
    [JsonIgnore]
    public long PageCount => PageSize <= 0 ? 0 : (TotalCount + PageSize - 1) / PageSize;
}
