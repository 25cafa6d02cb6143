using System.Net.Http.Headers;
using System.Text.Json;
using Sorcha.Client;

namespace Sorcha.EventsBench;

/// <summary>
/// The platform under test, reached only through its gateway: one pooled HttpClient (no cookies: the gateway's hub
/// affinity cookie is for /hubs only, so API requests spread over the replicas) and development tokens per caller.
/// </summary>
public sealed class Target(Uri gateway, string devClientSecret) : IDisposable
{
    /// <summary>The live-events hub (docs/api.md, "Live events").</summary>
    public const string HubPath = "/hubs/events";

    public Uri Gateway { get; } = gateway;

    public HttpClient Http { get; } = new(new SocketsHttpHandler
    {
        UseCookies = false,
        MaxConnectionsPerServer = 512,
        PooledConnectionLifetime = TimeSpan.FromMinutes(10),
    })
    {
        BaseAddress = gateway,
        Timeout = TimeSpan.FromSeconds(30),
    };

    /// <summary>A development token for <paramref name="clientId"/>.</summary>
    public async Task<string> TokenAsync(string clientId, CancellationToken ct)
    {
        using var response = await Http.PostAsync("/api/auth/token", new FormUrlEncodedContent(new Dictionary<string, string>
        {
            ["grant_type"] = "client_credentials",
            ["client_id"] = clientId,
            ["client_secret"] = devClientSecret,
        }), ct);
        response.EnsureSuccessStatusCode();
        using var body = JsonDocument.Parse(await response.Content.ReadAsStringAsync(ct));
        return body.RootElement.GetProperty("access_token").GetString()!;
    }

    /// <summary>A caller: its token and an API client that sends it.</summary>
    public async Task<Caller> CallerAsync(string clientId, CancellationToken ct)
    {
        var token = await TokenAsync(clientId, ct);
        return new Caller(clientId, token, new SorchaClient(Http, TokenSource.Fixed(token)));
    }

    public static AuthenticationHeaderValue Bearer(string token) => new("Bearer", token);

    public void Dispose() => Http.Dispose();
}

public sealed record Caller(string ClientId, string Token, SorchaClient Api);
