using System.Security.Cryptography;
using System.Text;
using System.Text.Json.Nodes;
using Sorcha.Contracts.LinkedData;

namespace Sorcha.Gateway.LinkedData;

/// <summary>
/// GET <see cref="LinkedDataContext.Path"/>: the JSON-LD context every <c>application/ld+json</c> answer names. Served by
/// the gateway, so one base URL serves it whatever the services are; anonymous, as a JSON-LD processor fetches it
/// without credentials, and open to every origin (a browser's processor fetches it across origins; it holds no data).
/// It never changes within a version, so it is cached for a day and revalidated by its ETag.
/// </summary>
public static class ContextEndpoint
{
    private static readonly string ETag =
        $"\"{Convert.ToHexStringLower(SHA256.HashData(Encoding.UTF8.GetBytes(LinkedDataContext.Json)))[..32]}\"";

    public static void MapLinkedDataContext(this WebApplication app) =>
        app.MapGet(LinkedDataContext.Path, Serve).AllowAnonymous()
            .WithName("GetLinkedDataContext").WithTags("Linked data")
            .WithSummary("The JSON-LD context of the application/ld+json answers (blueprints, instances, committed transactions).")
            .Produces<JsonObject>(StatusCodes.Status200OK, LinkedDataContext.MediaType)
            .Produces(StatusCodes.Status304NotModified);

    private static IResult Serve(HttpContext context)
    {
        var headers = context.Response.Headers;
        headers.ETag = ETag;
        headers.CacheControl = "public, max-age=86400";
        headers.AccessControlAllowOrigin = "*";
        return context.Request.Headers.IfNoneMatch.Any(tag => tag is not null && tag.Contains(ETag, StringComparison.Ordinal))
            ? TypedResults.StatusCode(StatusCodes.Status304NotModified)
            : TypedResults.Text(LinkedDataContext.Json, LinkedDataContext.MediaType);
    }
}
