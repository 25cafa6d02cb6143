using OpenTelemetry.Instrumentation.AspNetCore;
using Sorcha.ServiceDefaults.Telemetry;

namespace Sorcha.Gateway.Proxy;

/// <summary>
/// Names a forwarded request's span by the service's API route (<c>POST /api/instances/{instanceId}/actions/{actionId}</c>)
/// rather than the gateway's catch-all (<c>/api/instances/{**rest}</c>), so the trace list reads as the API does. The
/// routes are the committed merged OpenAPI document's (docs/openapi/sorcha.json, embedded; a test keeps it equal to what
/// the services serve), made into a table once at start. Only when traces are recorded: the renaming runs as the
/// request's span ends, and with tracing off (the load scripts) it is not registered at all.
/// </summary>
public static class ProxySpanNames
{
    public const string Document = "sorcha.openapi.json";

    public static void AddProxySpanNames(this WebApplicationBuilder builder)
    {
        if (!TelemetrySetup.Tracing(builder.Configuration))
        {
            return;
        }

        using var document = typeof(ProxySpanNames).Assembly.GetManifestResourceStream(Document)
            ?? throw new InvalidOperationException($"The gateway was built without its embedded {Document}.");
        var names = RouteNames.FromOpenApi(document);
        builder.Services.Configure<AspNetCoreTraceInstrumentationOptions>(o =>
        {
            var previous = o.EnrichWithHttpResponse;
            o.EnrichWithHttpResponse = (activity, response) =>
            {
                previous?.Invoke(activity, response);
                var request = response.HttpContext.Request;
                if (activity.GetTagItem("http.route") is string route && route.Contains("{**", StringComparison.Ordinal)
                    && names.Find(request.Method, request.Path) is { } template)
                {
                    activity.DisplayName = request.Method + " " + template;
                    activity.SetTag("http.route", template);
                }
            };
        });
    }
}
