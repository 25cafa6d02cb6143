using Microsoft.AspNetCore.Builder;
using Sorcha.AppHost;
using Sorcha.IntegrationTests.Infrastructure;

namespace Sorcha.IntegrationTests.Production;

/// <summary>
/// The platform as a deployment starts it: the AppHost's environment says ASPNETCORE_ENVIRONMENT=Production and names
/// the token issuer (Authentication__Schemes__Bearer__*), and also holds a parameter no child may see. The options come
/// from that environment through the AppHost's own code (<see cref="AppHostConfiguration"/>), as `dotnet run` would.
/// </summary>
public sealed class ProductionPlatformFixture : PlatformFixture
{
    public const string CanaryVariable = "Parameters__canary-secret";

    public TestIssuer Issuer { get; private set; } = null!;

    /// <summary>A value in the AppHost's environment under a parameter name, which no child process may receive.</summary>
    public string Canary { get; } = SorchaApp.GenerateSecret();

    protected override int Replicas => 1;

    public override async Task InitializeAsync()
    {
        Issuer = await TestIssuer.StartAsync();
        var appHostEnvironment = new Dictionary<string, string>
        {
            ["ASPNETCORE_ENVIRONMENT"] = "Production",
            ["Authentication__Schemes__Bearer__JwksUri"] = Issuer.JwksUri.ToString(),
            ["Authentication__Schemes__Bearer__ValidIssuer"] = Issuer.Name,
            ["Authentication__Schemes__Bearer__ValidAudience"] = TestIssuer.Audience,
            // The test issuer serves its keys over plain HTTP on loopback; a real one is HTTPS.
            ["Authentication__Schemes__Bearer__RequireHttpsMetadata"] = "false",
            [CanaryVariable] = Canary,
        };
        // Set only while the children start: the test process's environment is the AppHost's here.
        foreach (var (name, value) in appHostEnvironment)
        {
            Environment.SetEnvironmentVariable(name, value);
        }

        try
        {
            await base.InitializeAsync();
        }
        finally
        {
            foreach (var name in appHostEnvironment.Keys)
            {
                Environment.SetEnvironmentVariable(name, null);
            }
        }
    }

    protected override SorchaAppOptions CreateOptions()
    {
        using var configuration = WebApplication.CreateBuilder().Configuration;
        return base.CreateOptions() with
        {
            Environment = AppHostConfiguration.Environment(configuration),
            ServiceEnvironment = AppHostConfiguration.ServiceEnvironment(configuration),
        };
    }

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
