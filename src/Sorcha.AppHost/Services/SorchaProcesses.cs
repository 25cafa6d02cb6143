using Sorcha.AppHost.Hosting;

namespace Sorcha.AppHost.Services;

/// <summary>The app model's .NET processes: a service's replicas, the gateway, and the settings every one of them shares.</summary>
public static class SorchaProcesses
{
    /// <summary>
    /// A service's <see cref="SorchaAppOptions.Replicas"/> processes, "name", "name-2" …, each on its own leased port
    /// without a DCP proxy (Aspire 13.6 refuses WithReplicas on proxy-less endpoints, and a proxy costs every request
    /// a hop); whoever references the service gets every replica's address to balance over.
    /// </summary>
    public static ServiceReplicas AddService<TProject>(this IDistributedApplicationBuilder builder, string name,
        SorchaAppOptions options, IResourceBuilder<IResourceWithConnectionString> redis) where TProject : IProjectMetadata, new() =>
        new(name, [.. Enumerable.Range(0, options.Replicas).Select(i =>
            builder.AddSorchaProcess<TProject>(SorchaApp.ReplicaName(name, i), options, PortLeases.Lease(), redis))]);

    /// <summary>
    /// One process of <typeparamref name="TProject"/> on <paramref name="port"/>, referencing and waiting for Redis
    /// (the web app, which never reads Redis, is given none).
    /// </summary>
    public static IResourceBuilder<SorchaProcessResource> AddSorchaProcess<TProject>(this IDistributedApplicationBuilder builder,
        string name, SorchaAppOptions options, int port, IResourceBuilder<IResourceWithConnectionString>? redis)
        where TProject : IProjectMetadata, new()
    {
        var project = Path.GetFileNameWithoutExtension(new TProject().ProjectPath);
        var assembly = Path.Combine(options.RepositoryRoot, "artifacts", "bin", project, options.BuildConfiguration.ToLowerInvariant(), project + ".dll");
        if (!File.Exists(assembly))
        {
            throw new FileNotFoundException($"{project} is not built ({assembly}); build Sorcha.sln first.", assembly);
        }

        var url = new Uri(FormattableString.Invariant($"http://localhost:{port}"));
        var process = builder.AddResource(new SorchaProcessResource(name, assembly))
            .WithArgs(assembly)
            .WithHttpEndpoint(port: port, targetPort: port, isProxied: false)
            // "localhost", as Aspire names the endpoint to whoever references it: Kestrel then listens on 127.0.0.1 and
            // [::1], so a caller that tries ::1 first (HttpClient, the health checks) connects at once.
            .WithEnvironment("ASPNETCORE_URLS", url.GetLeftPart(UriPartial.Authority))
            .WithEnvironment("ASPNETCORE_ENVIRONMENT", options.Environment)
            .WithEnvironment("DOTNET_ENVIRONMENT", options.Environment)
            // Its service's name (a replica's too): logs, OpenAPI titles and, with a dashboard, traces carry it.
            .WithEnvironment("OTEL_SERVICE_NAME", name.Split('-')[0])
            .WithEnvironment(context =>
            {
                foreach (var (key, value) in options.ServiceEnvironment)
                {
                    context.EnvironmentVariables[key] = value;
                }
            })
            .WithPromptHealthCheck(ct => Probes.HttpHealthAsync(url, ct));
        if (redis is not null)
        {
            process.WithReference(redis).WaitFor(redis);
        }

        // The dashboard's OTLP intake, only when there is a dashboard: without one Aspire would still name its default
        // intake and, in Development, sample every trace, so every request would pay for spans exported to nowhere.
        if (options.DashboardPort > 0)
        {
            process.WithOtlpExporter();
        }

        // The development-token key: every process in Development, none elsewhere (there are no such tokens there).
        return SorchaApp.DevelopmentSigningKey(options) is { } key
            ? process.WithEnvironment("Authentication__Development__SigningKey", key)
            : process;
    }

    /// <summary>
    /// Service discovery's configuration for every replica of <paramref name="service"/> (services__name__http__0, __1 …,
    /// what Microsoft.Extensions.ServiceDiscovery reads); with <paramref name="wait"/>, start only once each is healthy.
    /// </summary>
    public static IResourceBuilder<T> WithReplicasOf<T>(this IResourceBuilder<T> builder, ServiceReplicas service, bool wait = false)
        where T : IResourceWithEnvironment, IResourceWithWaitSupport
    {
        for (var i = 0; i < service.Replicas.Count; i++)
        {
            builder.WithEnvironment($"services__{service.Name}__http__{i}", service.Replicas[i].GetEndpoint("http"));
            if (wait)
            {
                builder.WaitFor(service.Replicas[i]);
            }
        }

        return builder;
    }
}

/// <summary>A service's processes; settings given to it go to each.</summary>
public sealed record ServiceReplicas(string Name, IReadOnlyList<IResourceBuilder<SorchaProcessResource>> Replicas)
{
    public ServiceReplicas WithEnvironment(string name, IResourceBuilder<ParameterResource> parameter)
    {
        foreach (var replica in Replicas)
        {
            replica.WithEnvironment(name, parameter);
        }

        return this;
    }

    public ServiceReplicas WithReplicasOf(ServiceReplicas other)
    {
        foreach (var replica in Replicas)
        {
            replica.WithReplicasOf(other);
        }

        return this;
    }
}
