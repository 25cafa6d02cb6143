using Aspire.Hosting;
using Sorcha.AppHost;
using Sorcha.AppHost.Hosting;
using Sorcha.Testing.InProcess;

namespace Sorcha.IntegrationTests.Infrastructure;

/// <summary>
/// The suite's second platform in Development, set up so that one start serves three kinds of case (a platform start
/// is most of this suite's time):
/// - the Aspire dashboard on, as a developer's `dotnet run` has it;
/// - on Garnet, the last-resort Redis (what a machine with only the .NET SDK gets);
/// - three more gateway routes added through configuration only (ReverseProxy__* and services__*, as an operator would):
///   /api/probe to two live replicas and one that is down (nothing listens on its port); /api/fragile to two replicas
///   that drop every request after receiving it; /api/unready to one such replica, which YARP's own probe takes out,
///   leaving none to forward to (its /health answers, so the platform stays healthy). The replicas are
///   <see cref="StubReplica"/>s in this process, so a test sees exactly what each received.
/// </summary>
public sealed class OperatorPlatformFixture : PlatformFixture
{
    public StubReplica A { get; private set; } = null!;
    public StubReplica B { get; private set; } = null!;
    public StubReplica FragileA { get; private set; } = null!;
    public StubReplica FragileB { get; private set; } = null!;
    public StubReplica Unready { get; private set; } = null!;
    public Uri Dead { get; } = new($"http://127.0.0.1:{PortLeases.Lease()}");

    private readonly int _dashboardPort = PortLeases.Lease();

    /// <summary>The token a browser logs in with (what the AppHost prints as /login?t=…); the test's own here.</summary>
    public string BrowserToken { get; } = SorchaApp.GenerateSecret().Replace('/', 'a').Replace('+', 'b').TrimEnd('=');

    /// <summary>Where the dashboard listens (the test builder may move it off the port asked for).</summary>
    public Uri DashboardUrl => App.Endpoint("aspire-dashboard", "http");

    protected override int Replicas => 1;

    protected override string? RedisProvider => "garnet";

    protected override IReadOnlyDictionary<string, string> ServiceEnvironment => new Dictionary<string, string>
    {
        ["ReverseProxy__Routes__probe__ClusterId"] = "probe",
        ["ReverseProxy__Routes__probe__Match__Path"] = "/api/probe/{**rest}",
        ["ReverseProxy__Clusters__probe__LoadBalancingPolicy"] = "RoundRobin",
        ["ReverseProxy__Clusters__probe__Destinations__probe__Address"] = "http://probe",
        // No health checks here, so the dead replica stays a candidate and every request to it must move on by itself.
        ["ReverseProxy__Clusters__probe__HealthCheck__Active__Enabled"] = "false",
        ["services__probe__http__0"] = A.Address.ToString(),
        ["services__probe__http__1"] = Dead.ToString(),
        ["services__probe__http__2"] = B.Address.ToString(),
        ["ReverseProxy__Routes__fragile__ClusterId"] = "fragile",
        ["ReverseProxy__Routes__fragile__Match__Path"] = "/api/fragile/{**rest}",
        ["ReverseProxy__Clusters__fragile__Destinations__fragile__Address"] = "http://fragile",
        ["services__fragile__http__0"] = FragileA.Address.ToString(),
        ["services__fragile__http__1"] = FragileB.Address.ToString(),
        ["ReverseProxy__Routes__unready__ClusterId"] = "unready",
        ["ReverseProxy__Routes__unready__Match__Path"] = "/api/unready/{**rest}",
        ["ReverseProxy__Clusters__unready__Destinations__unready__Address"] = "http://unready",
        ["ReverseProxy__Clusters__unready__HealthCheck__AvailableDestinationsPolicy"] = "HealthyAndUnknown",
        ["ReverseProxy__Clusters__unready__HealthCheck__Active__Enabled"] = "true",
        ["ReverseProxy__Clusters__unready__HealthCheck__Active__Interval"] = "00:00:01",
        ["ReverseProxy__Clusters__unready__HealthCheck__Active__Timeout"] = "00:00:01",
        ["ReverseProxy__Clusters__unready__HealthCheck__Active__Policy"] = "ConsecutiveFailures",
        ["ReverseProxy__Clusters__unready__HealthCheck__Active__Path"] = "/ready",
        ["services__unready__http__0"] = Unready.Address.ToString(),
    };

    protected override IEnumerable<string> Arguments() =>
        base.Arguments().Where(a => !a.StartsWith("--Dashboard:Port", StringComparison.Ordinal))
            .Concat([$"--Dashboard:Port={_dashboardPort}", $"--ASPIRE_DASHBOARD_FRONTEND_BROWSERTOKEN={BrowserToken}"]);

    protected override void ConfigureApplication(DistributedApplicationOptions options)
    {
        base.ConfigureApplication(options);
        options.DisableDashboard = false;
    }

    public override async Task InitializeAsync()
    {
        A = await StubReplica.StartAsync("a");
        B = await StubReplica.StartAsync("b");
        FragileA = await StubReplica.StartAsync("fragile-a", fails: true);
        FragileB = await StubReplica.StartAsync("fragile-b", fails: true);
        Unready = await StubReplica.StartAsync("unready", fails: true);
        await base.InitializeAsync();
    }

    public override async Task DisposeAsync()
    {
        await base.DisposeAsync();
        foreach (var stub in new[] { A, B, FragileA, FragileB, Unready })
        {
            await stub.DisposeAsync();
        }
    }
}

[CollectionDefinition(Name)]
public sealed class OperatorScope : ICollectionFixture<OperatorPlatformFixture>
{
    public const string Name = "operator platform";
}
