using Sorcha.AppHost;

namespace Sorcha.IntegrationTests.Foundation;

/// <summary>
/// The children record and keep spans for the dashboard's waterfall only in Development with the dashboard on: a load
/// run (--Dashboard:Port 0, scripts/lib/platform.sh) and any other environment get neither, so their figures and
/// their surface are what they were.
/// </summary>
public sealed class DashboardRecordingTests
{
    [Theory]
    [InlineData("Development", 18_999, true)]
    [InlineData("Development", 0, false)]
    [InlineData("Production", 18_999, false)]
    public void Recording_is_on_only_in_Development_with_the_dashboard(string environment, int dashboardPort, bool on)
    {
        var (app, _) = SorchaApp.Build(Options(environment, dashboardPort));

        Assert.All(app.Resources.Where(r => r.Spec.Name != "redis"), r =>
        {
            Assert.Equal(on, r.Spec.Environment.GetValueOrDefault("Telemetry__RecentSpans") == "true");
            Assert.Equal(on, r.Spec.Environment.ContainsKey("OTEL_TRACES_SAMPLER"));
        });
    }

    [Fact]
    public void A_sampler_the_operator_set_is_kept()
    {
        var options = Options("Development", 18_999) with
        {
            ServiceEnvironment = new Dictionary<string, string> { ["OTEL_TRACES_SAMPLER"] = "parentbased_traceidratio" },
        };

        var (app, _) = SorchaApp.Build(options);

        Assert.Equal("parentbased_traceidratio", app[SorchaApp.Gateway].Spec.Environment["OTEL_TRACES_SAMPLER"]);
    }

    private static SorchaAppOptions Options(string environment, int dashboardPort) => new()
    {
        Environment = environment,
        DashboardPort = dashboardPort,
        DevClientSecret = SorchaApp.GenerateSecret(),
        WalletKeyEncryptionKey = SorchaApp.GenerateSecret(),
        RegisterKeyEncryptionKey = SorchaApp.GenerateSecret(),
        DataDirectory = Path.GetTempPath(),
        RedisConnectionString = "127.0.0.1:1", // an outside Redis: nothing is chosen or started
    };
}
