using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.OpenApi;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Options;
using Sorcha.ServiceDefaults.Telemetry;

namespace Sorcha.ApiPlatform.OpenApi;

/// <summary>
/// Each service describes itself at /openapi/v1.json (Microsoft.AspNetCore.OpenApi); the gateway republishes the four
/// documents at /openapi/{service}.json. The documents are anonymous in Development; elsewhere they need a token unless
/// OpenApi:Anonymous says otherwise (they hold no secrets, but a route map is reconnaissance for whoever has no token).
/// Settings: <see cref="OpenApiDocumentOptions"/>.
/// </summary>
public static class OpenApiSetup
{
    public const string DocumentName = "v1";

    /// <summary>Whether the documents need no token: <see cref="OpenApiDocumentOptions.Anonymous"/>, else Development.</summary>
    public static bool DocumentsAreAnonymous(this WebApplication app) =>
        app.Services.GetRequiredService<IOptions<OpenApiDocumentOptions>>().Value.Anonymous ?? app.Environment.IsDevelopment();

    internal static void AddSorchaOpenApi(this IHostApplicationBuilder builder)
    {
        builder.Services.AddOptions<OpenApiDocumentOptions>().Bind(builder.Configuration.GetSection(OpenApiDocumentOptions.Section))
            .ValidateOnStart();
        var service = TelemetrySetup.ServiceName(builder);
        builder.Services.AddOpenApi(DocumentName, o =>
        {
            o.AddDocumentTransformer((document, context, _) =>
            {
                var gateway = context.ApplicationServices.GetRequiredService<IOptions<OpenApiDocumentOptions>>().Value.ServerUrl;
                OpenApiDocuments.Describe(document, service, gateway);
                return Task.CompletedTask;
            });
            o.AddSchemaTransformer(OpenApiSchemas.DescribeAsync);
            o.CreateSchemaReferenceId = OpenApiSchemas.ReferenceId;
            o.AddOperationTransformer(OpenApiDocuments.AddCommonProblemsAsync);
        });
    }

    /// <summary>GET /openapi/v1.json on a service.</summary>
    public static void MapSorchaOpenApi(this WebApplication app)
    {
        var endpoint = app.MapOpenApi();
        if (app.DocumentsAreAnonymous())
        {
            endpoint.AllowAnonymous();
        }
    }
}
