using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.OpenApi;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;

namespace Sorcha.ServiceDefaults.OpenApi;

/// <summary>
/// Each service describes itself at /openapi/v1.json (Microsoft.AspNetCore.OpenApi); the gateway republishes the four
/// documents at /openapi/{service}.json. The documents are anonymous in Development; elsewhere they need a token unless
/// OpenApi:Anonymous says otherwise (they hold no secrets, but a route map is reconnaissance for whoever has no token).
/// </summary>
public static class OpenApiSetup
{
    public const string DocumentName = "v1";
    public const string AnonymousConfigKey = "OpenApi:Anonymous";

    /// <summary>The gateway's base URL that documents name in <c>servers</c>; a deployment sets its public one.</summary>
    public const string ServerUrlConfigKey = "OpenApi:ServerUrl";
    public const string DefaultServerUrl = "http://localhost:5000";

    public static bool DocumentsAreAnonymous(IConfiguration configuration, IHostEnvironment environment) =>
        configuration.GetValue(AnonymousConfigKey, environment.IsDevelopment());

    internal static void AddSorchaOpenApi(this IHostApplicationBuilder builder)
    {
        var service = builder.Configuration["OTEL_SERVICE_NAME"] ?? builder.Environment.ApplicationName;
        var gateway = builder.Configuration[ServerUrlConfigKey] ?? DefaultServerUrl;
        builder.Services.AddOpenApi(DocumentName, o =>
        {
            o.AddDocumentTransformer((document, _, _) =>
            {
                OpenApiDocuments.Describe(document, service, gateway);
                return Task.CompletedTask;
            });
            o.AddSchemaTransformer(OpenApiSchemas.DescribeAsync);
            o.CreateSchemaReferenceId = t => OpenApiSchemas.IsAnyJson(t.Type) ? null : OpenApiOptions.CreateDefaultSchemaReferenceId(t);
            o.AddOperationTransformer(OpenApiDocuments.AddCommonProblemsAsync);
        });
    }

    /// <summary>GET /openapi/v1.json on a service.</summary>
    public static void MapSorchaOpenApi(this WebApplication app)
    {
        var endpoint = app.MapOpenApi();
        if (DocumentsAreAnonymous(app.Configuration, app.Environment))
        {
            endpoint.AllowAnonymous();
        }
    }
}
