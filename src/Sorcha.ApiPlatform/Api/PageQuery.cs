namespace Sorcha.ApiPlatform.Api;

/// <summary>?page=1&amp;pageSize=20 with api.md's bounds (pageSize 1..100, default 20).</summary>
public readonly record struct PageQuery(int Page, int PageSize)
{
    public const int DefaultPageSize = 20;
    public const int MaxPageSize = 100;

    public long Skip => (long)(Page - 1) * PageSize;

    /// <summary>Null when valid; otherwise the per-field errors for a ValidationProblem.</summary>
    public static Dictionary<string, string[]>? Validate(int? page, int? pageSize, out PageQuery query)
    {
        query = new PageQuery(page ?? 1, pageSize ?? DefaultPageSize);
        var errors = new Dictionary<string, string[]>();
        if (query.Page < 1)
        {
            errors["page"] = ["page must be 1 or more."];
        }

        if (query.PageSize is < 1 or > MaxPageSize)
        {
            errors["pageSize"] = [$"pageSize must be between 1 and {MaxPageSize}."];
        }

        return errors.Count == 0 ? null : errors;
    }
}
