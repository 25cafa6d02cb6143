using System.Buffers;
using System.Diagnostics.CodeAnalysis;
using System.Text.Json;
using Microsoft.AspNetCore.Http.HttpResults;
using Sorcha.ApiPlatform.Problems;

namespace Sorcha.Transaction.Service.Transactions;

internal static class RequestBody
{
    /// <summary>
    /// Kestrel's limit for a route whose contract allows <paramref name="contractBytes"/>: room above it, so that a body a
    /// little over the contract still gets the clean 413 of <see cref="ReadAsync"/>; far over it Kestrel stops reading.
    /// </summary>
    public static long KestrelLimit(long contractBytes) => contractBytes + Math.Max(contractBytes / 16, 1024 * 1024);

    /// <summary>
    /// 415 unless the body says it is JSON (application/json or a +json type), as bound routes answer. An empty body
    /// needs no type (a proxy may drop it): it is the parser's 400.
    /// </summary>
    public static ProblemHttpResult? NotJson(HttpRequest request) => request.HasJsonContentType() || request.ContentLength == 0
        ? null
        : ApiProblems.UnsupportedMediaType("Send the body as application/json.");

    /// <summary>
    /// The body, or null when it is longer than <paramref name="limit"/>. An oversized body is still read to its end
    /// (and dropped) so the gateway in front sees an ordinary exchange and a clean 413 instead of a reset connection;
    /// Kestrel's own MaxRequestBodySize bounds how much that can be.
    /// </summary>
    public static async Task<byte[]?> ReadAsync(HttpRequest request, int limit, CancellationToken cancellationToken)
    {
        if (request.ContentLength is { } length && length <= limit)
        {
            // The usual case: the size is announced, so the body goes straight into an array of its size (no growing
            // stream and no copy out of it; a batch is up to 16 MiB).
            var exact = new byte[length];
            var filled = 0;
            int read;
            while (filled < exact.Length && (read = await request.Body.ReadAsync(exact.AsMemory(filled), cancellationToken)) > 0)
            {
                filled += read;
            }

            // Kestrel ends the body at Content-Length, so a shorter one is a client that stopped early: what arrived.
            return filled == exact.Length ? exact : exact[..filled];
        }

        var initial = (int)Math.Min(request.ContentLength ?? 16 * 1024, limit + 1L);
        using var body = new MemoryStream(Math.Max(initial, 1));
        var buffer = ArrayPool<byte>.Shared.Rent(64 * 1024);
        try
        {
            long total = 0;
            int read;
            while ((read = await request.Body.ReadAsync(buffer, cancellationToken)) > 0)
            {
                total += read;
                if (total <= limit)
                {
                    body.Write(buffer, 0, read);
                }
            }

            return total <= limit ? body.ToArray() : null;
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }

    /// <summary>The body as one JSON document, or the 400 naming <c>$</c> with the parser's reason.</summary>
    public static bool TryParse(byte[] body, [NotNullWhen(true)] out JsonDocument? document, [NotNullWhen(false)] out ValidationProblem? invalid)
    {
        try
        {
            (document, invalid) = (JsonDocument.Parse(body), null);
            return true;
        }
        catch (JsonException e)
        {
            (document, invalid) = (null, TypedResults.ValidationProblem(
                new Dictionary<string, string[]> { ["$"] = [$"is not valid JSON: {e.Message}"] }));
            return false;
        }
    }
}
