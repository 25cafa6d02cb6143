namespace Sorcha.AppHost.Hosting;

/// <summary>
/// The Aspire dashboard on --Dashboard:Port (default 18888, 0 = none), from this machine only, plain http (the launch
/// profile allows unsecured transport); its OTLP intake on a leased port, which Aspire hands every process
/// (WithOtlpExporter), so traces, metrics and structured logs reach it. With no dashboard there is no intake, the
/// services export nothing and sample no trace (TelemetrySetup): load runs measure the platform, not its telemetry.
/// </summary>
internal static class DashboardSetup
{
    public static void Configure(IDistributedApplicationBuilder builder, SorchaAppOptions options)
    {
        if (options.DashboardPort <= 0)
        {
            return;
        }

        builder.Configuration["ASPNETCORE_URLS"] = $"http://localhost:{options.DashboardPort}";
        builder.Configuration["ASPIRE_DASHBOARD_OTLP_ENDPOINT_URL"] = $"http://localhost:{PortLeases.Lease()}";
        builder.Configuration["ASPIRE_RESOURCE_SERVICE_ENDPOINT_URL"] = $"http://localhost:{PortLeases.Lease()}";
    }
}
