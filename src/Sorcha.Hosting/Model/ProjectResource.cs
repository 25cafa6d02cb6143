namespace Sorcha.Hosting;

/// <summary>
/// A .NET project of this repository, run from its build output as `dotnet &lt;project&gt;.dll` (Aspire's
/// ProjectResource, which runs `dotnet run`). Each replica is its own process on its own loopback port; a reference to
/// the project gives the caller every replica's address (services__name__http__0, __1 …) to balance over, where Aspire
/// would put one proxy in front.
/// </summary>
public sealed class ProjectResource(string name, string assemblyPath) : ProcessResource(name)
{
    private int[] _ports = [];

    public string AssemblyPath => assemblyPath;

    public int Replicas { get; internal set; } = 1;

    /// <summary>The port of the first replica when fixed (WithHttpEndpoint); otherwise each replica gets a free one.</summary>
    public int? HttpPort { get; internal set; }

    /// <summary>The path whose 2xx answer means ready (WithHttpHealthCheck); null: ready once started.</summary>
    public string? HealthCheckPath { get; internal set; }

    public override IReadOnlyList<string> ReplicaNames => [.. Enumerable.Range(0, Replicas).Select(i => ReplicaName(Name, i))];

    /// <summary>Every replica's address; known once the app is built.</summary>
    public IReadOnlyList<Uri> Endpoints => [.. _ports.Select(p => new Uri($"http://127.0.0.1:{p}"))];

    /// <summary>A replica's resource name: the project's own name for the first, "name-2", "name-3" … after.</summary>
    public static string ReplicaName(string name, int index) => index == 0 ? name : $"{name}-{index + 1}";

    internal void AllocatePorts() =>
        _ports = [.. Enumerable.Range(0, Replicas).Select(i => i == 0 && HttpPort is { } fixedPort ? fixedPort : Ports.Free())];

    internal override IEnumerable<ResourceSpec> ToSpecs()
    {
        if (!File.Exists(AssemblyPath))
        {
            throw new FileNotFoundException($"{Path.GetFileNameWithoutExtension(AssemblyPath)} is not built; build Sorcha.sln first.", AssemblyPath);
        }

        var environment = BuildEnvironment();
        environment.TryAdd("OTEL_SERVICE_NAME", Name);
        return _ports.Select((port, index) =>
        {
            var url = new Uri($"http://127.0.0.1:{port}");
            return new ResourceSpec(ReplicaName(Name, index), "dotnet", [AssemblyPath])
            {
                WorkingDirectory = Path.GetDirectoryName(AssemblyPath),
                Environment = new Dictionary<string, string>(environment) { ["ASPNETCORE_URLS"] = url.ToString().TrimEnd('/') },
                Port = port,
                WaitFor = WaitForNames(),
                Readiness = HealthCheckPath is { } path ? Probes.Http2xx(new Uri(url, path)) : _ => Task.FromResult(true),
            };
        });
    }
}
