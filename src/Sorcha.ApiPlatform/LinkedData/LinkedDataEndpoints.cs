using System.Text.Json;
using System.Text.Json.Nodes;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Json;
using Microsoft.AspNetCore.OpenApi;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;
using Microsoft.Net.Http.Headers;
using Microsoft.OpenApi;
using Sorcha.Contracts.LinkedData;

namespace Sorcha.ApiPlatform.LinkedData;

/// <summary>
/// <c>Accept: application/ld+json</c> on a GET that answers <typeparamref name="T"/>: the handler runs as ever, and its
/// 200 is rewritten as a <see cref="LinkedDataResult"/>; problems stay problem documents. Both answers say
/// <c>Vary: Accept</c>, and the OpenAPI document lists both media types for the 200
/// (<see cref="LinkedDataSchemas"/>).
/// </summary>
public static class LinkedDataEndpoints
{
    /// <param name="type">The document's <c>@type</c> (a term of the context).</param>
    /// <param name="path">The document's <c>@id</c>: its canonical path, from the answer.</param>
    public static RouteHandlerBuilder WithLinkedData<T>(this RouteHandlerBuilder endpoint, string type, Func<JsonObject, string?> path)
        where T : notnull
    {
        // The JSON answer's schema for now; the document's own transformer makes it the linked one (LinkedDataSchemas).
        endpoint.AddOpenApiOperationTransformer((operation, _, _) =>
        {
            if (operation.Responses?.TryGetValue("200", out var ok) == true && ok.Content is { } content &&
                content.TryGetValue("application/json", out var json))
            {
                content[LinkedDataContext.MediaType] = new OpenApiMediaType { Schema = json.Schema };
            }

            return Task.CompletedTask;
        });
        return endpoint.AddEndpointFilter(async (context, next) =>
        {
            var result = await next(context);
            var http = context.HttpContext;
            http.Response.Headers.Append(HeaderNames.Vary, HeaderNames.Accept);
            if (!LinkedDataNegotiation.Wants(http.Request) || Unwrap(result) is not IValueHttpResult { Value: T value } ok ||
                ok is not IStatusCodeHttpResult { StatusCode: StatusCodes.Status200OK })
            {
                return result;
            }

            var options = http.RequestServices.GetRequiredService<IOptions<JsonOptions>>().Value.SerializerOptions;
            return JsonSerializer.SerializeToNode(value, options) is JsonObject document && path(document) is { } id
                ? new LinkedDataResult(document, id, type)
                : result;
        });
    }

    private static object? Unwrap(object? result) => result is INestedHttpResult nested ? nested.Result : result;
}
