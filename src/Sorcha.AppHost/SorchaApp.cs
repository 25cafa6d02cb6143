using System.Security.Cryptography;
using Sorcha.Hosting;
using Sorcha.ServiceDefaults.Auth;

namespace Sorcha.AppHost;

/// <summary>The app model's names and the settings every Sorcha process shares; the model itself is in Program.cs.</summary>
public static partial class SorchaApp
{
    public const string Gateway = "gateway";
    public static readonly IReadOnlyList<string> Services = ["blueprint", "wallet", "register", "transaction"];

    /// <summary>The resource name of a service's replica: the service's own name for the first, "name-2", "name-3" … after.</summary>
    public static string ReplicaName(string service, int index) => ProjectResource.ReplicaName(service, index);

    /// <summary>Every resource name <paramref name="service"/> runs under with <paramref name="replicas"/> replicas.</summary>
    public static IEnumerable<string> ReplicaNames(string service, int replicas) =>
        Enumerable.Range(0, replicas).Select(i => ReplicaName(service, i));

    public static string GenerateSecret() => Convert.ToBase64String(RandomNumberGenerator.GetBytes(32));

    /// <summary>
    /// What every service and the gateway get (never Redis): the AppHost's forwarded settings, its environment, and in
    /// Development only the development-token key (elsewhere no process holds it, and there are no such tokens).
    /// </summary>
    private static IResourceBuilder<ProjectResource> WithPlatformDefaults(this IResourceBuilder<ProjectResource> project, SorchaAppOptions options)
    {
        project.WithHttpHealthCheck("/health")
            .WithEnvironment(context =>
            {
                foreach (var (name, value) in options.ServiceEnvironment)
                {
                    context.EnvironmentVariables[name] = value;
                }
            })
            .WithEnvironment("ASPNETCORE_ENVIRONMENT", options.Environment)
            .WithEnvironment("DOTNET_ENVIRONMENT", options.Environment);
        if (options.IsDevelopment && options.DashboardPort > 0)
        {
            // The dashboard's waterfall: each child keeps its last spans (/dev/spans), and records them, which it does
            // not by default (TelemetrySetup). Load runs turn the dashboard off (port 0), so their figures are unchanged.
            project.WithEnvironment("Telemetry__RecentSpans", "true")
                .WithEnvironment(context => context.EnvironmentVariables.TryAdd("OTEL_TRACES_SAMPLER", "parentbased_always_on"));
        }

        return options.IsDevelopment
            ? project.WithEnvironment("Authentication__Development__SigningKey",
                Convert.ToBase64String(DevelopmentTokens.DeriveSigningKey(options.DevClientSecret)))
            : project;
    }

    /// <summary>Its tokens live minutes, so a fresh secret per run is the default (<see cref="SorchaAppOptions.ServiceTokenSecret"/>).</summary>
    private static string ServiceTokenKey(SorchaAppOptions options) =>
        Convert.ToBase64String(ServiceTokens.DeriveSigningKey(options.ServiceTokenSecret));
}
