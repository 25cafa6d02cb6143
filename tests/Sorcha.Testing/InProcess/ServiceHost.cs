using System.Net.Http.Headers;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Mvc.Testing;
using Microsoft.Extensions.DependencyInjection;
using Sorcha.ApiPlatform.Auth;
using Sorcha.AppHost;
using Sorcha.Client;
using Sorcha.Testing.BadInput;

namespace Sorcha.Testing.InProcess;

/// <summary>
/// One or more services hosted in the test process by WebApplicationFactory, each on real Kestrel (loopback, a port the
/// OS picks) so body limits, content lengths and connection handling are the server's own, with the settings the
/// AppHost gives them in Development and one real Redis (<see cref="TestRedis"/>). Callers present development tokens
/// made here with the key the gateway would sign them with; a request goes to the service owning its path's prefix.
/// </summary>
public abstract class ServiceHost : BadInputTarget, IAsyncLifetime, IAsyncDisposable
{
    private readonly TestRedis _redis = new();
    private readonly List<Hosted> _services = [];

    public override string DevClientSecret { get; } = SorchaApp.GenerateSecret();

    /// <summary>The services' Redis, for tests that check what is stored rather than what is answered.</summary>
    public string RedisConnectionString => _redis.ConnectionString;

    /// <summary>Starts the services with <see cref="Start{TProgram}"/>; <paramref name="common"/>: Redis and the token key.</summary>
    protected abstract void StartServices(IReadOnlyDictionary<string, string> common);

    public async Task InitializeAsync()
    {
        await _redis.StartAsync();
        StartServices(new Dictionary<string, string>
        {
            ["ConnectionStrings:redis"] = _redis.ConnectionString,
            [DevelopmentTokens.SigningKeyConfigKey] = Convert.ToBase64String(DevelopmentTokens.DeriveSigningKey(DevClientSecret)),
        });
    }

    /// <summary>
    /// Hosts <typeparamref name="TProgram"/> as <paramref name="name"/>, answering the paths under
    /// <paramref name="routes"/>; returns its address (for a later service's services:{name}:http:0).
    /// <paramref name="services"/> adds to its container after the service's own registrations (an exporter, say).
    /// </summary>
    protected Uri Start<TProgram>(string name, string[] routes, IReadOnlyDictionary<string, string> settings,
        Action<IServiceCollection>? services = null)
        where TProgram : class
    {
        var factory = new Factory<TProgram>(settings, services);
        var hosted = new Hosted(name, routes, factory, Address(factory));
        _services.Add(hosted);
        return hosted.Address;
    }

    private static Uri Address<TProgram>(Factory<TProgram> factory)
        where TProgram : class
    {
        factory.UseKestrel(0);
        factory.StartServer();
        var addresses = factory.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!;
        return new Uri(addresses.Addresses.First());
    }

    /// <summary>The service named <paramref name="service"/>, or else the one whose routes hold <paramref name="path"/>.</summary>
    public override Uri Address(string? service, string path) =>
        _services.FirstOrDefault(s => s.Name == service)?.Address
        ?? _services.FirstOrDefault(s => s.Routes.Any(r => path.StartsWith(r, StringComparison.Ordinal)))?.Address
        ?? _services[0].Address;

    /// <summary>A development token for <paramref name="clientId"/>, shaped as the gateway's token endpoint issues it.</summary>
    public string TokenFor(string clientId) =>
        BadTokens.Create(DevelopmentTokens.DeriveSigningKey(DevClientSecret), subject: clientId);

    public override Task<HttpClient> ClientAsync(string clientId) => Task.FromResult(Client(clientId).Http);

    /// <summary>The typed client acting as <paramref name="clientId"/>; its HttpClient sends each path to its service.</summary>
    public SorchaClient Client(string clientId)
    {
        var http = new HttpClient(new PathRouting(this)) { BaseAddress = _services[0].Address };
        http.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue("Bearer", TokenFor(clientId));
        return new SorchaClient(http);
    }

    public virtual async Task DisposeAsync()
    {
        foreach (var service in _services)
        {
            await service.Factory.DisposeAsync();
        }

        await _redis.DisposeAsync();
    }

    async ValueTask IAsyncDisposable.DisposeAsync()
    {
        await DisposeAsync();
        GC.SuppressFinalize(this);
    }

    private sealed record Hosted(string Name, string[] Routes, IAsyncDisposable Factory, Uri Address);

    private sealed class PathRouting(ServiceHost host) : DelegatingHandler(new SocketsHttpHandler())
    {
        protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
        {
            var uri = request.RequestUri!;
            request.RequestUri = new Uri(host.Address(null, uri.AbsolutePath), uri.PathAndQuery);
            return base.SendAsync(request, cancellationToken);
        }
    }

    private sealed class Factory<TProgram>(IReadOnlyDictionary<string, string> settings, Action<IServiceCollection>? services)
        : WebApplicationFactory<TProgram>
        where TProgram : class
    {
        protected override void ConfigureWebHost(IWebHostBuilder builder)
        {
            builder.UseEnvironment("Development");
            foreach (var (key, value) in settings)
            {
                builder.UseSetting(key, value);
            }

            if (services is not null)
            {
                builder.ConfigureServices(services);
            }
        }
    }
}
