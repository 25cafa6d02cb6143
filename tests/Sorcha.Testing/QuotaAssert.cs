using System.Globalization;
using System.Net;
using Sorcha.Client;

namespace Sorcha.Testing;

/// <summary>A refusal at a per-caller quota: 409 "Quota exceeded" naming the quota, its limit and its setting (docs/api.md).</summary>
public static class QuotaAssert
{
    /// <summary>Asserts the refusal and disposes <paramref name="response"/>.</summary>
    public static async Task<ProblemDocument> RefusedAsync(HttpResponseMessage response, string quota, long limit)
    {
        using var _ = response;
        var problem = await ProblemAssert.ReadAsync(response, HttpStatusCode.Conflict);
        Assert.Equal("Quota exceeded", problem.Title);
        Assert.NotNull(problem.Extensions);
        Assert.Equal(quota, problem.Extensions["quota"].GetString());
        Assert.Equal(limit, problem.Extensions["limit"].GetInt64());
        Assert.Contains($"the limit is {limit.ToString("N0", CultureInfo.InvariantCulture)} (Limits:Quotas:{char.ToUpperInvariant(quota[0])}{quota[1..]})",
            problem.Detail, StringComparison.Ordinal);
        return problem;
    }

    /// <summary>Each answer is a 201 or a refusal at <paramref name="quota"/>; returns the 201s (the caller disposes them).</summary>
    public static async Task<IReadOnlyList<HttpResponseMessage>> CreatedOrRefusedAsync(
        IEnumerable<HttpResponseMessage> answers, string quota, long limit)
    {
        var created = new List<HttpResponseMessage>();
        foreach (var answer in answers)
        {
            if (answer.StatusCode == HttpStatusCode.Created)
            {
                created.Add(answer);
                continue;
            }

            await RefusedAsync(answer, quota, limit);
        }

        return created;
    }
}
