namespace Sorcha.Hosting;

/// <summary>The With* calls of Aspire's AppHost, same names and shapes, over <see cref="ProcessResource"/>.</summary>
public static class ResourceBuilderExtensions
{
    public static IResourceBuilder<T> WithEnvironment<T>(this IResourceBuilder<T> builder, string name, string value)
        where T : ProcessResource =>
        builder.WithEnvironment(context => context.EnvironmentVariables[name] = value);

    public static IResourceBuilder<T> WithEnvironment<T>(this IResourceBuilder<T> builder, string name,
        IResourceBuilder<ParameterResource> parameter)
        where T : ProcessResource =>
        builder.WithEnvironment(name, parameter.Resource.Value);

    public static IResourceBuilder<T> WithEnvironment<T>(this IResourceBuilder<T> builder, Action<EnvironmentCallbackContext> callback)
        where T : ProcessResource
    {
        builder.Resource.EnvironmentCallbacks.Add(callback);
        return builder;
    }

    /// <summary>ConnectionStrings__name, as Aspire's WithReference to a database or cache.</summary>
    public static IResourceBuilder<T> WithReference<T>(this IResourceBuilder<T> builder, IResourceBuilder<IResourceWithConnectionString> source)
        where T : ProcessResource =>
        builder.WithEnvironment($"ConnectionStrings__{source.Resource.Name}", source.Resource.ConnectionString);

    /// <summary>services__name__http__i for every replica of the project, as Aspire's service discovery reads them.</summary>
    public static IResourceBuilder<T> WithReference<T>(this IResourceBuilder<T> builder, IResourceBuilder<ProjectResource> source)
        where T : ProcessResource =>
        builder.WithEnvironment(context =>
        {
            var endpoints = source.Resource.Endpoints;
            for (var i = 0; i < endpoints.Count; i++)
            {
                context.EnvironmentVariables[$"services__{source.Resource.Name}__http__{i}"] = endpoints[i].ToString().TrimEnd('/');
            }
        });

    /// <summary>Starts the resource only once every replica of <paramref name="dependency"/> is ready.</summary>
    public static IResourceBuilder<T> WaitFor<T>(this IResourceBuilder<T> builder, IResourceBuilder<ProcessResource> dependency)
        where T : ProcessResource
    {
        builder.Resource.WaitsFor.Add(dependency.Resource);
        return builder;
    }

    public static IResourceBuilder<ProjectResource> WithReplicas(this IResourceBuilder<ProjectResource> builder, int replicas)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(replicas, 1);
        builder.Resource.Replicas = replicas;
        return builder;
    }

    /// <summary>A fixed port for the first replica (Aspire's WithHttpEndpoint(port: …)); further replicas get free ones.</summary>
    public static IResourceBuilder<ProjectResource> WithHttpEndpoint(this IResourceBuilder<ProjectResource> builder, int? port = null)
    {
        builder.Resource.HttpPort = port;
        return builder;
    }

    /// <summary>Ready once GET <paramref name="path"/> answers 2xx (Aspire's WithHttpHealthCheck).</summary>
    public static IResourceBuilder<ProjectResource> WithHttpHealthCheck(this IResourceBuilder<ProjectResource> builder, string path = "/health")
    {
        builder.Resource.HealthCheckPath = path;
        return builder;
    }
}
