using System.Collections.Concurrent;
using System.Globalization;
using System.Net.Http.Headers;
using System.Text.Json;
using Aspire.Hosting;
using Aspire.Hosting.Testing;
using Microsoft.Extensions.DependencyInjection;
using Sorcha.AppHost;
using Sorcha.AppHost.Redis;
using Sorcha.Client;
using Sorcha.Testing.BadInput;
using Sorcha.Testing.Platform.OpenApi;

namespace Sorcha.Testing.Platform;

/// <summary>
/// Starts the real AppHost once per fixture through Aspire.Hosting.Testing (its Program, with the options as command-line
/// arguments): real Redis (whatever the AppHost chooses, or SORCHA_TEST_REDIS_PROVIDER), every service as its own
/// process (SORCHA_TEST_REPLICAS of each, default 1), all traffic through the gateway over HTTP. Shared by the
/// cross-process suites (Sorcha.IntegrationTests and Sorcha.FaultTests); each declares its own collections.
/// </summary>
public class PlatformFixture : BadInputTarget, IAsyncLifetime
{
    private readonly string _dataDirectory = Path.Combine(Path.GetTempPath(), "sorcha-it-" + Guid.NewGuid().ToString("N")[..8]);

    /// <summary>The AppHost's --data-dir (Redis's AOF under redis/), a throw-away folder of this fixture's own.</summary>
    protected string DataDirectory => _dataDirectory;

    protected virtual string? RedisProvider => TestSettings.RedisProvider;

    /// <summary>Extra environment for every process (e.g. low Limits__* values for the limit tests).</summary>
    protected virtual IReadOnlyDictionary<string, string> ServiceEnvironment => new Dictionary<string, string>();

    protected virtual int Replicas => TestSettings.Replicas;

    /// <summary>The secrets given to the AppHost as parameters (a run outside Development ignores dev-client-secret).</summary>
    public IReadOnlyDictionary<string, string> GivenSecrets { get; } = new[] { "dev-client-secret", "wallet-kek", "register-kek" }
        .ToDictionary(name => name, _ => SorchaApp.GenerateSecret());

    public PlatformApp App { get; private set; } = null!;
    public RedisChoice Redis { get; private set; } = null!;
    public SorchaAppOptions Options { get; private set; } = null!;

    /// <summary>The services the app model added, by name (each runs <see cref="SorchaAppOptions.Replicas"/> processes).</summary>
    public IReadOnlyList<string> Services { get; private set; } = [];
    public HttpClient Gateway { get; private set; } = null!;

    public virtual async Task InitializeAsync()
    {
        await PlatformStarts.RecordAsync(GetType().Name, Replicas, RedisProvider);
        var builder = await DistributedApplicationTestingBuilder.CreateAsync(typeof(SorchaApp), [.. Arguments()],
            (options, _) => ConfigureApplication(options));
        var app = await builder.BuildAsync();
        App = new PlatformApp(app);
        try
        {
            await App.StartAsync();
        }
        catch
        {
            await App.DisposeAsync();
            throw;
        }

        (Options, Redis, Services) = app.Services.GetRequiredService<SorchaPlatform>();
        Gateway = new HttpClient(Validating(new SocketsHttpHandler())) { BaseAddress = App[SorchaApp.Gateway].Url };
    }

    // One contract per environment and test process: every platform of a run serves the same build's documents, and
    // generating them costs each service about 0.6 s of CPU at its first request (measured; docs/performance.md).
    // Development serves the token endpoint, Production does not. A failed load is not kept.
    private static readonly ConcurrentDictionary<string, Lazy<Task<OpenApiContract>>> Contracts = new();

    /// <summary>The served documents as the handlers check them.</summary>
    public Task<OpenApiContract> ContractAsync()
    {
        var contract = Contracts.GetOrAdd(Options.Environment, _ => new(LoadContractAsync));
        if (contract.Value.IsFaulted)
        {
            Contracts.TryRemove(new(Options.Environment, contract));
        }

        return contract.Value;
    }

    /// <summary>A handler that checks every request and response against the served documents (docs/clients.md, "OpenAPI documents").</summary>
    public OpenApiValidatingHandler Validating(HttpMessageHandler inner) => new(ContractAsync, inner);

    /// <summary>The bad-input cases' client: their responses are checked; their requests are marked invalid on purpose.</summary>
    public override HttpClient? BadInputSender => _badInputSender ??= new HttpClient(
        Validating(new SocketsHttpHandler { AllowAutoRedirect = false, UseCookies = false })) { Timeout = Timeout.InfiniteTimeSpan };

    private HttpClient? _badInputSender;

    /// <summary>The merged document, read once: anonymously where documents are (Development), else with a caller's token.</summary>
    private async Task<OpenApiContract> LoadContractAsync()
    {
        using var plain = new HttpClient { BaseAddress = App[SorchaApp.Gateway].Url };
        using var response = await plain.GetAsync("/openapi/sorcha.json");
        if (response.StatusCode == System.Net.HttpStatusCode.Unauthorized)
        {
            plain.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue("Bearer", await CallerTokenAsync("openapi-reader"));
            return new OpenApiContract(await plain.GetStringAsync("/openapi/sorcha.json"));
        }

        response.EnsureSuccessStatusCode();
        return new OpenApiContract(await response.Content.ReadAsStringAsync());
    }

    /// <summary>The AppHost's command line: as a user would give it, with fresh secrets and a throw-away data folder.</summary>
    protected virtual IEnumerable<string> Arguments()
    {
        yield return "--Gateway:Port=0";
        yield return "--Dashboard:Port=0";
        yield return $"--data-dir={_dataDirectory}";
        yield return $"--Replicas={Replicas.ToString(CultureInfo.InvariantCulture)}";
        if (RedisProvider is { } provider)
        {
            yield return $"--Redis:Provider={provider}";
        }

        foreach (var (name, value) in GivenSecrets)
        {
            yield return $"--Parameters:{name}={value}";
        }

        // A test platform's processes live for a minute or two: tiered PGO's instrumented tier costs CPU they never earn
        // back, and on two cores the suites are CPU-bound (docs/performance.md, "Test time"). The test hosts run
        // without it too (Directory.Build.targets); a platform started by users or the load gate keeps it.
        yield return "--ServiceEnvironment:DOTNET_TieredPGO=0";
        foreach (var (name, value) in ServiceEnvironment)
        {
            yield return $"--ServiceEnvironment:{name}={value}";
        }
    }

    /// <summary>The builder's options beyond the arguments: plain http without a certificate, as the launch profile allows.</summary>
    protected virtual void ConfigureApplication(DistributedApplicationOptions options)
    {
        SorchaApp.Configure(options);
        options.AllowUnsecuredTransport = true;
    }

    public override string DevClientSecret => Options.DevClientSecret;

    /// <summary>The gateway, or with <paramref name="service"/> that service's first replica directly.</summary>
    public override Uri Address(string? service, string path) => service is null ? Gateway.BaseAddress! : App[service].Url!;

    public override Task<HttpClient> ClientAsync(string clientId) => ClientAsync(clientId, null);

    /// <summary>The resource names of every replica of <paramref name="service"/>, the first one (named as the service) first.</summary>
    public IReadOnlyList<string> ReplicasOf(string service) => [.. SorchaApp.ReplicaNames(service, Options.Replicas)];

    /// <summary>A development token for <paramref name="clientId"/>, from the gateway's token endpoint.</summary>
    public async Task<string> TokenAsync(string clientId, string? secret = null)
    {
        using var response = await Gateway.PostAsync("/api/auth/token", new FormUrlEncodedContent(new Dictionary<string, string>
        {
            ["grant_type"] = "client_credentials",
            ["client_id"] = clientId,
            ["client_secret"] = secret ?? Options.DevClientSecret,
        }));
        response.EnsureSuccessStatusCode();
        using var body = JsonDocument.Parse(await response.Content.ReadAsStringAsync());
        return body.RootElement.GetProperty("access_token").GetString()!;
    }

    /// <summary>
    /// An HttpClient on the gateway that acts as <paramref name="clientId"/>; with <paramref name="retryAfter"/>, one that
    /// waits out 429s (for a caller that may exceed the per-caller rate on a fast machine, <see cref="RetryAfterHandler"/>).
    /// </summary>
    public async Task<HttpClient> ClientAsync(string clientId, RetryAfterHandler? retryAfter)
    {
        HttpClient client;
        if (retryAfter is null)
        {
            client = new HttpClient(Validating(new SocketsHttpHandler()));
        }
        else
        {
            retryAfter.InnerHandler = Validating(retryAfter.InnerHandler!);
            client = new HttpClient(retryAfter);
        }

        client.BaseAddress = Gateway.BaseAddress;
        client.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue("Bearer", await CallerTokenAsync(clientId));
        return client;
    }

    /// <summary>A SorchaClient on the gateway: a distinct development caller (<paramref name="name"/> and a fresh suffix) with its own cached token.</summary>
    public SorchaClient Caller(string name) =>
        SorchaClient.ForDevCaller(Gateway, $"client-{name}-{Guid.NewGuid():N}", Options.DevClientSecret);

    /// <summary>The token <see cref="ClientAsync"/> acts with: a development token here, the issuer's in Production.</summary>
    protected virtual Task<string> CallerTokenAsync(string clientId) => TokenAsync(clientId);

    public virtual async Task DisposeAsync()
    {
        Gateway?.Dispose();
        _badInputSender?.Dispose();
        if (App is not null)
        {
            await App.DisposeAsync();
        }

        try
        {
            Directory.Delete(_dataDirectory, recursive: true);
        }
        catch (IOException)
        {
            // a leftover temp folder is harmless
        }
    }
}
