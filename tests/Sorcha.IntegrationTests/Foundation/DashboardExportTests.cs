using Sorcha.AppHost;
using Sorcha.AppHost.Services;
using Sorcha.IntegrationTests.Infrastructure;

namespace Sorcha.IntegrationTests.Foundation;

/// <summary>
/// With the dashboard on in Development, every process the AppHost starts (the services, the gateway, the web app)
/// exports to it with the settings Aspire gives a project resource there (WithOtlpExporter): read from each process's
/// /proc/&lt;pid&gt;/environ, what the OpenTelemetry SDK in it actually reads. Without them metrics would leave every
/// 60 s and spans and logs every 5 s (the SDK's defaults).
/// </summary>
[Collection(OperatorScope.Name)]
public sealed class DashboardExportTests(OperatorPlatformFixture platform)
{
    /// <summary>Aspire 13.6's development settings (OtlpConfigurationExtensions), besides the endpoint and names.</summary>
    public static readonly IReadOnlyDictionary<string, string> DevelopmentSettings = new Dictionary<string, string>
    {
        ["OTEL_METRIC_EXPORT_INTERVAL"] = "1000",
        ["OTEL_BSP_SCHEDULE_DELAY"] = "1000",
        ["OTEL_BLRP_SCHEDULE_DELAY"] = "1000",
        ["OTEL_TRACES_SAMPLER"] = "always_on",
        ["OTEL_METRICS_EXEMPLAR_FILTER"] = "trace_based",
    };

    [Fact]
    public void Every_Sorcha_process_exports_to_the_dashboard_with_Aspires_development_settings()
    {
        var processes = platform.App.Resources.Where(r => r.Resource is SorchaProcessResource).ToList();
        Assert.Equal(platform.Services.Append(SorchaApp.Gateway).Append(SorchaApp.Web).Order(), processes.Select(r => r.Name).Order());

        var findings = new List<string>();
        foreach (var process in processes)
        {
            var environ = ProcessEnviron.Read(process.Process!);
            if (string.IsNullOrEmpty(environ.GetValueOrDefault("OTEL_EXPORTER_OTLP_ENDPOINT")))
            {
                findings.Add($"{process.Name} has no OTEL_EXPORTER_OTLP_ENDPOINT");
            }

            findings.AddRange(DevelopmentSettings.Where(s => environ.GetValueOrDefault(s.Key) != s.Value)
                .Select(s => $"{process.Name} runs with {s.Key}={environ.GetValueOrDefault(s.Key)}, not {s.Value}"));
        }

        Assert.True(findings.Count == 0, string.Join('\n', findings));
    }
}
