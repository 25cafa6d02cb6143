using System.Text.Json.Nodes;
using Microsoft.AspNetCore.Http.HttpResults;
using Microsoft.AspNetCore.OpenApi;
using Microsoft.Extensions.Options;
using Microsoft.Net.Http.Headers;
using Microsoft.OpenApi;
using Sorcha.ApiPlatform.Limits;
using Sorcha.ApiPlatform.OpenApi;
using Sorcha.Gateway.Proxy;

namespace Sorcha.Gateway.OpenApi;

/// <summary>
/// GET /openapi/{service}.json → that service's /openapi/v1.json, so one base URL serves every document;
/// /openapi/gateway.json is the gateway's own (the token endpoint, health) and /openapi/sorcha.json all five merged
/// (<see cref="OpenApiMerge"/>). Anonymous when
/// the services' documents are (Development by default); otherwise the caller's token is passed on and checked twice,
/// like any proxied route.
/// </summary>
public static class OpenApiDocumentRoutes
{
    public const string ClientName = "openapi";
    public const string GatewayDocument = "gateway";
    public const string MergedDocument = "sorcha";

    /// <summary>
    /// The services that publish a document (OpenApi:Services; appsettings.json names the four): not every cluster
    /// does, an operator may route to anything.
    /// </summary>
    public static IReadOnlyList<string> DocumentedServices(IServiceProvider services) =>
        services.GetRequiredService<IOptions<OpenApiDocumentOptions>>().Value.Services is { Length: > 0 } named ? named : ProxySetup.Services(services);

    // A service builds its document on the first request, which takes seconds on a cold, busy machine: the client waits
    // as long as the forwarder does for any other answer, in one attempt (not the outgoing calls' shorter ones; see
    // AggregatedHealth for the evaluation-only marker).
#pragma warning disable EXTEXP0001
    public static void AddOpenApiDocumentRoutes(this WebApplicationBuilder builder) => builder.Services.AddHttpClient(ClientName,
        (sp, c) => c.Timeout = TimeSpan.FromSeconds(sp.Limits().Timeouts.ForwarderSeconds)).RemoveAllResilienceHandlers();
#pragma warning restore EXTEXP0001

    public static void MapOpenApiDocumentRoutes(this WebApplication app)
    {
        var endpoint = app.MapGet("/openapi/{service}.json", FetchAsync).WithName("openapi:document").ExcludeFromDescription();
        if (app.DocumentsAreAnonymous())
        {
            endpoint.AllowAnonymous();
        }
    }

    private static async Task<IResult> FetchAsync(string service, HttpContext context, IHttpClientFactory clients,
        ILogger<HttpClient> logger)
    {
        var services = DocumentedServices(context.RequestServices);
        switch (service)
        {
            case GatewayDocument:
                return TypedResults.Content(await OwnDocumentAsync(context), "application/json");
            case MergedDocument:
                return await MergeAsync(services, context, clients, logger);
            case var _ when !services.Contains(service, StringComparer.Ordinal):
                return TypedResults.Problem($"No document is called '{service}'; documents: " +
                    $"{string.Join(", ", [.. services, GatewayDocument, MergedDocument])}.",
                    statusCode: StatusCodes.Status404NotFound, title: "Unknown document");
        }

        return await ForwardAsync(service, context, clients, logger);
    }

    private static async Task<string> OwnDocumentAsync(HttpContext context)
    {
        var provider = context.RequestServices.GetRequiredKeyedService<IOpenApiDocumentProvider>(OpenApiSetup.DocumentName);
        var document = await provider.GetOpenApiDocumentAsync(context.RequestAborted);
        return await document.SerializeAsJsonAsync(OpenApiSpecVersion.OpenApi3_1, context.RequestAborted);
    }

    /// <summary>
    /// The gateway's document and each service's, merged; the first service (in order) that does not answer 200 is the
    /// answer. The services are asked at once: a cold service builds its document for seconds.
    /// </summary>
    private static async Task<IResult> MergeAsync(IReadOnlyList<string> services, HttpContext context, IHttpClientFactory clients,
        ILogger<HttpClient> logger)
    {
        var answers = await Task.WhenAll(services.Select(service => ForwardAsync(service, context, clients, logger)));
        var documents = new List<(string, JsonObject)> { (GatewayDocument, (JsonObject)JsonNode.Parse(await OwnDocumentAsync(context))!) };
        foreach (var (service, answer) in services.Zip(answers))
        {
            if (answer is not ContentHttpResult { StatusCode: StatusCodes.Status200OK, ResponseContent: { } body })
            {
                return answer;
            }

            documents.Add((service, (JsonObject)JsonNode.Parse(body)!));
        }

        return TypedResults.Content(OpenApiMerge.Merge(documents).ToJsonString(), "application/json");
    }

    private static async Task<IResult> ForwardAsync(string service, HttpContext context, IHttpClientFactory clients,
        ILogger<HttpClient> logger)
    {
        // A discovery name: the client's service discovery picks a replica.
        using var request = new HttpRequestMessage(HttpMethod.Get, $"http://{service}/openapi/{OpenApiSetup.DocumentName}.json");
        if (context.Request.Headers.Authorization is { Count: > 0 } authorization)
        {
            request.Headers.TryAddWithoutValidation(HeaderNames.Authorization, authorization.ToArray());
        }

        try
        {
            using var response = await clients.CreateClient(ClientName).SendAsync(request, context.RequestAborted);
            var body = await response.Content.ReadAsStringAsync(context.RequestAborted);
            var contentType = response.Content.Headers.ContentType?.ToString() ?? "application/json";
            return TypedResults.Content(body, contentType, statusCode: (int)response.StatusCode);
        }
        catch (OperationCanceledException) when (context.RequestAborted.IsCancellationRequested)
        {
            return TypedResults.Empty;
        }
        catch (OperationCanceledException)
        {
            return TypedResults.Problem($"The {service} service did not send its document in time.", statusCode: StatusCodes.Status504GatewayTimeout);
        }
        catch (HttpRequestException e)
        {
            logger.LogWarning("Fetching the {Service} OpenAPI document failed: {Error}", service, e.Message);
            return TypedResults.Problem($"The {service} service is unavailable.", statusCode: StatusCodes.Status502BadGateway);
        }
    }
}
