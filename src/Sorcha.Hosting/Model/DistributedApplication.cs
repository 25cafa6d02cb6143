namespace Sorcha.Hosting;

/// <summary>Where an app model's projects are built, and who hears the orchestrator (Aspire's DistributedApplicationOptions).</summary>
public sealed record DistributedApplicationOptions
{
    /// <summary>The folder relative project paths start from (Aspire's AppHost directory).</summary>
    public required string AppHostDirectory { get; init; }

    /// <summary>The artifacts output of the build (UseArtifactsOutput): a project runs from bin/&lt;project&gt;/&lt;config&gt;/.</summary>
    public required string ArtifactsPath { get; init; }

    public required string BuildConfiguration { get; init; }

    /// <summary>Receives every output line and the orchestrator's own reports, by resource name.</summary>
    public Action<string, string>? Echo { get; init; }
}

/// <summary>The entry point, named as Aspire's: DistributedApplication.CreateBuilder(...) … builder.Build().</summary>
public static class DistributedApplication
{
    public static DistributedApplicationBuilder CreateBuilder(DistributedApplicationOptions options) => new(options);
}

/// <summary>Collects resources in the order they are added (the order they stop in reverse) and builds the orchestrator.</summary>
public sealed class DistributedApplicationBuilder(DistributedApplicationOptions options)
{
    private readonly List<IResource> _resources = [];

    public IReadOnlyList<IResource> Resources => _resources;

    public IResourceBuilder<T> AddResource<T>(T resource) where T : IResource
    {
        if (_resources.Any(r => string.Equals(r.Name, resource.Name, StringComparison.OrdinalIgnoreCase)))
        {
            throw new InvalidOperationException($"A resource named '{resource.Name}' is already in the app model.");
        }

        _resources.Add(resource);
        return new ResourceBuilder<T>(resource, this);
    }

    /// <summary>
    /// A project by its .csproj path relative to the AppHost (as in Aspire); it runs from its build output, which must
    /// exist when the app is built.
    /// </summary>
    public IResourceBuilder<ProjectResource> AddProject(string name, string projectPath)
    {
        var csproj = Path.GetFullPath(Path.Combine(options.AppHostDirectory, projectPath));
        if (!File.Exists(csproj))
        {
            throw new FileNotFoundException($"No project at {projectPath} (from {options.AppHostDirectory}).", csproj);
        }

        var project = Path.GetFileNameWithoutExtension(csproj);
        var dll = Path.Combine(options.ArtifactsPath, "bin", project, options.BuildConfiguration.ToLowerInvariant(), project + ".dll");
        return AddResource(new ProjectResource(name, dll));
    }

    /// <summary>A parameter with its value already resolved (Aspire's AddParameter(name, value, secret: …)).</summary>
    public IResourceBuilder<ParameterResource> AddParameter(string name, string value, bool secret = false) =>
        AddResource(new ParameterResource(name, value, secret));

    /// <summary>Gives every project its ports, then turns the model into the orchestrator that runs it (not started yet).</summary>
    public Orchestrator Build()
    {
        var processes = _resources.OfType<ProcessResource>().ToList();
        processes.OfType<ProjectResource>().ToList().ForEach(p => p.AllocatePorts());
        return new Orchestrator(processes.SelectMany(p => p.ToSpecs()).ToList(), options.Echo);
    }
}

/// <summary>A resource being configured, for the With* calls to chain on (Aspire's IResourceBuilder&lt;T&gt;).</summary>
public interface IResourceBuilder<out T> where T : IResource
{
    T Resource { get; }

    DistributedApplicationBuilder ApplicationBuilder { get; }
}

internal sealed record ResourceBuilder<T>(T Resource, DistributedApplicationBuilder ApplicationBuilder) : IResourceBuilder<T>
    where T : IResource;
