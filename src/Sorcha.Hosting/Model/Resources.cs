namespace Sorcha.Hosting;

/// <summary>Anything in the app model (Aspire's IResource).</summary>
public interface IResource
{
    string Name { get; }
}

/// <summary>A resource others reach by a connection string (Aspire's IResourceWithConnectionString): ConnectionStrings__name.</summary>
public interface IResourceWithConnectionString : IResource
{
    string ConnectionString { get; }
}

/// <summary>A value the AppHost is given (Aspire's ParameterResource); a secret one is never echoed.</summary>
public sealed class ParameterResource(string name, string value, bool secret) : IResource
{
    public string Name => name;

    public string Value => value;

    public bool Secret => secret;

    public override string ToString() => secret ? $"{name} (secret)" : $"{name} = {value}";
}

/// <summary>What an environment callback fills in (Aspire's EnvironmentCallbackContext).</summary>
public sealed class EnvironmentCallbackContext(IDictionary<string, string> environmentVariables)
{
    public IDictionary<string, string> EnvironmentVariables => environmentVariables;
}

/// <summary>
/// A resource the orchestrator runs as one process per replica: its environment is built from callbacks (so a
/// reference can name ports only known at build time), and it starts once what it waits for is ready.
/// </summary>
public abstract class ProcessResource(string name) : IResource
{
    public string Name => name;

    internal List<Action<EnvironmentCallbackContext>> EnvironmentCallbacks { get; } = [];

    internal List<ProcessResource> WaitsFor { get; } = [];

    /// <summary>The resource names its replicas run under, the first one named as the resource.</summary>
    public virtual IReadOnlyList<string> ReplicaNames => [name];

    internal Dictionary<string, string> BuildEnvironment()
    {
        var environment = new Dictionary<string, string>(StringComparer.Ordinal);
        EnvironmentCallbacks.ForEach(callback => callback(new EnvironmentCallbackContext(environment)));
        return environment;
    }

    internal string[] WaitForNames() => [.. WaitsFor.SelectMany(r => r.ReplicaNames)];

    /// <summary>One spec per replica, called once every port is known.</summary>
    internal abstract IEnumerable<ResourceSpec> ToSpecs();
}

/// <summary>A process given as a ready spec (Aspire's ExecutableResource/ContainerResource): Redis, Garnet, docker run ….</summary>
public class ExecutableResource(string name, ResourceSpec spec) : ProcessResource(name)
{
    internal override IEnumerable<ResourceSpec> ToSpecs() =>
    [
        spec with
        {
            Name = Name,
            Environment = new Dictionary<string, string>(spec.Environment.Concat(BuildEnvironment())),
            WaitFor = WaitForNames(),
        },
    ];
}
