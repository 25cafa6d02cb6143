using Microsoft.AspNetCore.Authorization;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.OpenApi;
using Microsoft.OpenApi;
using Sorcha.ApiPlatform.LinkedData;

namespace Sorcha.ApiPlatform.OpenApi;

/// <summary>What every Sorcha document says beyond the endpoints' own metadata.</summary>
internal static class OpenApiDocuments
{
    private const string Bearer = "Bearer";
    private const string ProblemJson = "application/problem+json";

    /// <summary>
    /// Title, licence, tag descriptions, the bearer scheme, and the gateway as the one server: every route is reached
    /// through it, never at the service's own loopback address.
    /// </summary>
    public static void Describe(OpenApiDocument document, string service, string gateway)
    {
        document.Info.Title = $"Sorcha {service} API";
        document.Info.Version = OpenApiSetup.DocumentName;
        document.Info.Description = "Reached through the gateway. Errors are RFC 9457 problem documents (application/problem+json).";
        // The repository carries no licence file: the API is proprietary until its owners say otherwise.
        document.Info.License = new OpenApiLicense { Name = "Proprietary" };
        document.Servers = [new OpenApiServer { Url = gateway, Description = "The Sorcha gateway (OpenApi:ServerUrl; the local default is http://localhost:5000)." }];
        DescribeTags(document);
        LinkedDataSchemas.Describe(document);
        document.Components ??= new OpenApiComponents();
        document.Components.SecuritySchemes ??= new Dictionary<string, IOpenApiSecurityScheme>();
        document.Components.SecuritySchemes[Bearer] = new OpenApiSecurityScheme
        {
            Type = SecuritySchemeType.Http,
            Scheme = "bearer",
            BearerFormat = "JWT",
            Description = "A token from the configured issuer; in Development, from POST /api/auth/token (client credentials) on the gateway.",
        };
        document.Security = [new OpenApiSecurityRequirement { [new OpenApiSecuritySchemeReference(Bearer, document)] = [] }];
    }

    /// <summary>Every tag the operations use, each with its description.</summary>
    private static void DescribeTags(OpenApiDocument document)
    {
        var used = (document.Paths ?? []).Values.SelectMany(p => p.Operations?.Values.AsEnumerable() ?? [])
            .SelectMany(o => o.Tags ?? new HashSet<OpenApiTagReference>()).Select(t => t.Name).OfType<string>();
        document.Tags = new HashSet<OpenApiTag>(used.Distinct(StringComparer.Ordinal).Order(StringComparer.Ordinal)
            .Select(name => new OpenApiTag { Name = name, Description = OpenApiTags.Describe(name) }));
    }

    /// <summary>
    /// The answers any route can give besides its own: 401 without a valid token, 429 over the rate, 400/413/415 for
    /// bodies, and the gateway's and the limits' 502/503/504 (docs/api.md, "Errors").
    /// </summary>
    public static async Task AddCommonProblemsAsync(OpenApiOperation operation, OpenApiOperationTransformerContext context,
        CancellationToken ct)
    {
        var metadata = context.Description.ActionDescriptor.EndpointMetadata;
        operation.Responses ??= [];
        var problem = await ProblemSchemaAsync(context, ct);
        if (!metadata.OfType<IAllowAnonymous>().Any())
        {
            Add(operation, StatusCodes.Status401Unauthorized, "No token, or a token that is not valid here.", problem);
        }
        else
        {
            operation.Security = [];
        }

        if (operation.RequestBody is not null)
        {
            Add(operation, StatusCodes.Status400BadRequest, "The body is not valid JSON, or breaks the route's rules (errors names each field).", problem);
            Add(operation, StatusCodes.Status413PayloadTooLarge, "The body is larger than the route allows.", problem);
            Add(operation, StatusCodes.Status415UnsupportedMediaType, "The body is not application/json.", problem);
        }

        Add(operation, StatusCodes.Status429TooManyRequests, "Over the caller's rate limit; see Retry-After.", problem);
        Add(operation, StatusCodes.Status502BadGateway, "The gateway could not reach the service.", problem);
        Add(operation, StatusCodes.Status503ServiceUnavailable, "A dependency is unavailable or the service is over its work limit; see Retry-After.", problem);
        Add(operation, StatusCodes.Status504GatewayTimeout, "No answer within the time limit.", problem);
    }

    /// <summary>
    /// The ProblemDetails component by reference, registered if no endpoint has yet: one schema for every common
    /// problem, so a generated client has one problem type to catch. Inline copies made Kiota write a problem class
    /// per route and status (samples/clients/dotnet: 560 generated files, 113 with the reference).
    /// </summary>
    private static async Task<IOpenApiSchema> ProblemSchemaAsync(OpenApiOperationTransformerContext context, CancellationToken ct)
    {
        const string id = nameof(ProblemDetails);
        if (context.Document is not { } document)
        {
            return await context.GetOrCreateSchemaAsync(typeof(ProblemDetails), null, ct);
        }

        if (document.Components?.Schemas?.ContainsKey(id) != true)
        {
            document.AddComponent<IOpenApiSchema>(id, await context.GetOrCreateSchemaAsync(typeof(ProblemDetails), null, ct));
        }

        return new OpenApiSchemaReference(id, document);
    }

    private static void Add(OpenApiOperation operation, int status, string description, IOpenApiSchema schema) =>
        operation.Responses!.TryAdd(status.ToString(System.Globalization.CultureInfo.InvariantCulture), new OpenApiResponse
        {
            Description = description,
            Content = new Dictionary<string, OpenApiMediaType> { [ProblemJson] = new() { Schema = schema } },
        });
}
