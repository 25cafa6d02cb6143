namespace Sorcha.Hosting.Tests;

/// <summary>
/// The Aspire-shaped builder: what a reference puts in a process's environment, what WaitFor makes it wait for, how
/// replicas are named and addressed. Projects are fake build outputs in a temp folder; nothing listens.
/// </summary>
public sealed class AppModelTests : IDisposable
{
    private readonly string _root = Directory.CreateTempSubdirectory("sorcha-model-").FullName;

    private DistributedApplicationBuilder NewBuilder() => DistributedApplication.CreateBuilder(new DistributedApplicationOptions
    {
        AppHostDirectory = Path.Combine(_root, "src", "AppHost"),
        ArtifactsPath = Path.Combine(_root, "artifacts"),
        BuildConfiguration = "Release",
    });

    /// <summary>A project file and its build output, as `dotnet build` with artifacts output leaves them.</summary>
    private string Project(string name, bool built = true)
    {
        Directory.CreateDirectory(Path.Combine(_root, "src", name));
        File.WriteAllText(Path.Combine(_root, "src", name, name + ".csproj"), "<Project />");
        if (built)
        {
            var output = Directory.CreateDirectory(Path.Combine(_root, "artifacts", "bin", name, "release")).FullName;
            File.WriteAllText(Path.Combine(output, name + ".dll"), "");
        }

        return $"../{name}/{name}.csproj";
    }

    private static ResourceSpec Spec(Orchestrator app, string name) => app[name].Spec;

    [Fact]
    public void A_reference_to_a_cache_gives_its_connection_string_and_to_a_project_every_replica_address()
    {
        var builder = NewBuilder();
        var cache = builder.AddResource(new Cache("cache", "127.0.0.1:6390"));
        var api = builder.AddProject("api", Project("Api")).WithReplicas(2);
        var web = builder.AddProject("web", Project("Web")).WithReference(cache).WithReference(api);

        var app = builder.Build();

        var env = Spec(app, "web").Environment;
        Assert.Equal("127.0.0.1:6390", env["ConnectionStrings__cache"]);
        Assert.Equal(api.Resource.Endpoints[0].ToString().TrimEnd('/'), env["services__api__http__0"]);
        Assert.Equal(api.Resource.Endpoints[1].ToString().TrimEnd('/'), env["services__api__http__1"]);
        Assert.False(env.ContainsKey("services__api__http__2"));
        Assert.DoesNotContain(Spec(app, "api").Environment.Keys, k => k.StartsWith("ConnectionStrings__", StringComparison.Ordinal));
    }

    [Fact]
    public void Replicas_are_named_after_the_project_each_on_its_own_port_and_the_first_on_the_fixed_one()
    {
        var builder = NewBuilder();
        builder.AddProject("api", Project("Api")).WithHttpEndpoint(port: 12345).WithReplicas(3);

        var specs = builder.Build().Resources.Select(r => r.Spec).ToList();

        Assert.Equal(["api", "api-2", "api-3"], specs.Select(s => s.Name));
        Assert.Equal(12345, specs[0].Port);
        Assert.Equal(3, specs.Select(s => s.Port).Distinct().Count());
        Assert.All(specs, s => Assert.Equal($"http://127.0.0.1:{s.Port}", s.Environment["ASPNETCORE_URLS"]));
        Assert.All(specs, s => Assert.Equal("api", s.Environment["OTEL_SERVICE_NAME"]));
        Assert.All(specs, s => Assert.Equal(Path.Combine(_root, "artifacts", "bin", "Api", "release", "Api.dll"), s.Arguments.Single()));
    }

    [Fact]
    public void WaitFor_a_project_waits_for_every_one_of_its_replicas()
    {
        var builder = NewBuilder();
        var cache = builder.AddResource(new Cache("cache", "127.0.0.1:6390"));
        var api = builder.AddProject("api", Project("Api")).WaitFor(cache).WithReplicas(2);
        builder.AddProject("web", Project("Web")).WaitFor(cache).WaitFor(api);

        var app = builder.Build();

        Assert.Equal(["cache"], Spec(app, "api-2").WaitFor);
        Assert.Equal(["cache", "api", "api-2"], Spec(app, "web").WaitFor);
    }

    [Fact]
    public async Task A_resource_starts_only_after_what_it_waits_for_is_ready()
    {
        var marker = Path.Combine(_root, "first-ready");
        var builder = NewBuilder();
        var first = builder.AddResource(new ExecutableResource("first",
            new ResourceSpec("", "sh", ["-c", $"sleep 0.5; touch '{marker}'; exec sleep 600"])
            {
                Readiness = _ => Task.FromResult(File.Exists(marker)),
            }));
        builder.AddResource(new ExecutableResource("second", new ResourceSpec("", "sleep", ["600"]) { Readiness = _ => Task.FromResult(true) }))
            .WaitFor(first);

        await using var app = builder.Build();
        await app.StartAsync();

        Assert.True(app["second"].StartedAt >= app["first"].ReadyAt, $"second started {app["second"].StartedAt:O}, first ready {app["first"].ReadyAt:O}");
    }

    [Fact]
    public void Environment_values_and_secret_parameters_reach_only_the_resource_they_are_given_to()
    {
        var builder = NewBuilder();
        var key = builder.AddParameter("key", "s3cret", secret: true);
        builder.AddProject("vault", Project("Vault")).WithEnvironment("Vault__Key", key).WithEnvironment("Mode", "strict");
        builder.AddProject("web", Project("Web"));

        var app = builder.Build();

        Assert.Equal("s3cret", Spec(app, "vault").Environment["Vault__Key"]);
        Assert.Equal("strict", Spec(app, "vault").Environment["Mode"]);
        Assert.DoesNotContain("s3cret", Spec(app, "web").Environment.Values);
        Assert.DoesNotContain("s3cret", key.Resource.ToString(), StringComparison.Ordinal);
    }

    [Fact]
    public void A_project_that_is_not_built_or_not_there_and_a_name_used_twice_are_refused()
    {
        var builder = NewBuilder();
        builder.AddProject("api", Project("Api", built: false));
        Assert.Throws<FileNotFoundException>(() => builder.Build());
        Assert.Throws<FileNotFoundException>(() => NewBuilder().AddProject("ghost", "../Ghost/Ghost.csproj"));
        Assert.Throws<InvalidOperationException>(() => builder.AddProject("API", Project("Web")));
        Assert.Throws<ArgumentOutOfRangeException>(() => NewBuilder().AddProject("web", Project("Web")).WithReplicas(0));
    }

    public void Dispose() => Directory.Delete(_root, recursive: true);

    private sealed class Cache(string name, string connectionString)
        : ExecutableResource(name, new ResourceSpec(name, "", []) { Managed = false, Readiness = _ => Task.FromResult(true) }),
          IResourceWithConnectionString
    {
        public string ConnectionString => connectionString;
    }
}
