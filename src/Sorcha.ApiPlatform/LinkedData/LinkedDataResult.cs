using System.Text.Json;
using System.Text.Json.Nodes;
using Microsoft.AspNetCore.Http;
using Sorcha.Contracts.LinkedData;

namespace Sorcha.ApiPlatform.LinkedData;

/// <summary>
/// A 200 answer as JSON-LD: <paramref name="document"/> (the JSON answer's object) after <c>@context</c>, <c>@id</c>
/// and <c>@type</c>. The context and the id are absolute URLs on the origin the client called (<see cref="PublicOrigin"/>),
/// so the document stays meaningful once saved away from the URL it came from.
/// </summary>
public sealed class LinkedDataResult(JsonObject document, string path, string type) : IResult
{
    public async Task ExecuteAsync(HttpContext httpContext)
    {
        var origin = PublicOrigin.Of(httpContext.Request);
        document.Insert(0, "@context", origin + LinkedDataContext.Path);
        document.Insert(1, "@id", origin + path);
        document.Insert(2, "@type", type);

        httpContext.Response.StatusCode = StatusCodes.Status200OK;
        httpContext.Response.ContentType = LinkedDataContext.MediaType;
        await using var writer = new Utf8JsonWriter(httpContext.Response.Body);
        document.WriteTo(writer);
        await writer.FlushAsync(httpContext.RequestAborted);
    }
}
