using System.Net.Http.Headers;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Mvc.Testing;
using Microsoft.Extensions.DependencyInjection;
using Sorcha.AppHost;
using Sorcha.Client;
using Sorcha.ServiceDefaults.Auth;
using Sorcha.Testing.BadInput;

namespace Sorcha.Testing.InProcess;

/// <summary>
/// One service (<typeparamref name="TProgram"/>) hosted in the test process by WebApplicationFactory, on real Kestrel
/// (loopback, a port the OS picks) so body limits, content lengths and connection handling are the server's own, with
/// the settings the AppHost gives it in Development and one real Redis (<see cref="TestRedis"/>). Callers present
/// development tokens made here with the key the gateway would sign them with.
/// </summary>
public abstract class ServiceHost<TProgram> : BadInputTarget, IAsyncLifetime, IAsyncDisposable
    where TProgram : class
{
    private readonly TestRedis _redis = new();
    private WebApplicationFactory<TProgram>? _factory;
    private Uri? _address;

    public override string DevClientSecret { get; } = SorchaApp.GenerateSecret();

    public Uri BaseAddress => _address ?? throw new InvalidOperationException("The service has not started.");

    public string RedisConnectionString => _redis.ConnectionString;

    public IServiceProvider Services => _factory!.Services;

    /// <summary>The service's own settings beside the common ones (e.g. its key-encryption key), as the AppHost passes them.</summary>
    protected abstract IReadOnlyDictionary<string, string> ServiceSettings { get; }

    public async Task InitializeAsync()
    {
        await _redis.StartAsync();
        var settings = new Dictionary<string, string>(ServiceSettings)
        {
            ["ConnectionStrings:redis"] = _redis.ConnectionString,
            [DevelopmentTokens.SigningKeyConfigKey] = Convert.ToBase64String(DevelopmentTokens.DeriveSigningKey(DevClientSecret)),
        };
        _factory = new Factory(settings);
        _factory.UseKestrel(0);
        _factory.StartServer();
        var addresses = _factory.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!;
        _address = new Uri(addresses.Addresses.First());
    }

    public override Uri Address(string? service) => BaseAddress;

    /// <summary>A development token for <paramref name="clientId"/>, shaped as the gateway's token endpoint issues it.</summary>
    public string TokenFor(string clientId) =>
        BadTokens.Create(DevelopmentTokens.DeriveSigningKey(DevClientSecret), subject: clientId);

    public override Task<HttpClient> ClientAsync(string clientId)
    {
        var client = new HttpClient { BaseAddress = BaseAddress };
        client.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue("Bearer", TokenFor(clientId));
        return Task.FromResult(client);
    }

    /// <summary>The typed client acting as <paramref name="clientId"/>.</summary>
    public SorchaClient Client(string clientId) =>
        new(new HttpClient { BaseAddress = BaseAddress }, TokenSource.Fixed(TokenFor(clientId)));

    private sealed class Factory(Dictionary<string, string> settings) : WebApplicationFactory<TProgram>
    {
        protected override void ConfigureWebHost(IWebHostBuilder builder)
        {
            builder.UseEnvironment("Development");
            foreach (var (key, value) in settings)
            {
                builder.UseSetting(key, value);
            }
        }
    }

    public async Task DisposeAsync()
    {
        if (_factory is not null)
        {
            await _factory.DisposeAsync();
        }

        await _redis.DisposeAsync();
    }

    async ValueTask IAsyncDisposable.DisposeAsync()
    {
        await DisposeAsync();
        GC.SuppressFinalize(this);
    }
}
