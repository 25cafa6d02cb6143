using Sorcha.AppHost;
using Sorcha.IntegrationTests.Infrastructure;
using Sorcha.Testing.InProcess;

namespace Sorcha.IntegrationTests.Production;

/// <summary>
/// The platform as a deployment starts it: the AppHost runs in Production and names the token issuer
/// (Authentication:Schemes:Bearer:*) on its command line, and its environment holds a parameter no child may see.
/// </summary>
public sealed class ProductionPlatformFixture : PlatformFixture
{
    public const string CanaryVariable = "Parameters__canary-secret";

    /// <summary>The gateway's test hook, set in the AppHost's environment: outside Development no child may receive it.</summary>
    public const string TestHookVariable = "SORCHA_TEST_SLOWDOWN";

    public TestIssuer Issuer { get; private set; } = null!;

    /// <summary>A value in the AppHost's environment under a parameter name, which no child process may receive.</summary>
    public string Canary { get; } = SorchaApp.GenerateSecret();

    protected override int Replicas => 1;

    public override async Task InitializeAsync()
    {
        Issuer = await TestIssuer.StartAsync();
        // Short enough that the web app renews a session's token during its test (a minute before expiry).
        Issuer.WebTokenLifetime = TimeSpan.FromSeconds(65);
        // The test process's environment is the AppHost's here; the AppHost removes it once read (CleanEnvironment).
        Environment.SetEnvironmentVariable(CanaryVariable, Canary);
        Environment.SetEnvironmentVariable(TestHookVariable, "GET /=1000");
        try
        {
            await base.InitializeAsync();
        }
        finally
        {
            Environment.SetEnvironmentVariable(CanaryVariable, null);
            Environment.SetEnvironmentVariable(TestHookVariable, null);
        }
    }

    protected override IEnumerable<string> Arguments() => base.Arguments().Concat(
    [
        "--environment=Production",
        $"--Authentication:Schemes:Bearer:JwksUri={Issuer.JwksUri}",
        $"--Authentication:Schemes:Bearer:ValidIssuer={Issuer.Name}",
        $"--Authentication:Schemes:Bearer:ValidAudience={TestIssuer.Audience}",
        // The test issuer serves its keys over plain HTTP on loopback; a real one is HTTPS.
        "--Authentication:Schemes:Bearer:RequireHttpsMetadata=false",
        // The web app's sign-in: the same issuer, its web client (TestIssuer.SignIn.cs).
        $"--Web:Oidc:Authority={Issuer.Name}",
        $"--Web:Oidc:ClientId={TestIssuer.WebClientId}",
        "--Web:Oidc:RequireHttpsMetadata=false",
    ]);

    protected override Task<string> CallerTokenAsync(string clientId) => Task.FromResult(Issuer.Token(clientId));

    public override async Task DisposeAsync()
    {
        await base.DisposeAsync();
        await Issuer.DisposeAsync();
    }
}

[CollectionDefinition(Name)]
public sealed class ProductionScope : ICollectionFixture<ProductionPlatformFixture>
{
    public const string Name = "production platform";
}
