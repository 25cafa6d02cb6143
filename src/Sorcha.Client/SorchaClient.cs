namespace Sorcha.Client;

/// <summary>
/// The typed client for the Sorcha REST contract (docs/api.md), one area client per part of the API. Built on an
/// HttpClient you supply (from IHttpClientFactory, or one long-lived instance) whose BaseAddress is the gateway; the
/// bearer token comes from <paramref name="tokens"/> per request, so several SorchaClients (callers) can share one
/// HttpClient. Every non-success answer throws <see cref="SorchaApiException"/>. Thread-safe.
/// </summary>
/// <example>
/// <code>
/// var http = new HttpClient { BaseAddress = new Uri("http://localhost:5000") };
/// var client = new SorchaClient(http, new DevTokenSource(http, "alice", devSecret));
/// var wallet = await client.Wallets.CreateAsync("alice's wallet");
/// </code>
/// </example>
public sealed class SorchaClient
{
    private readonly ApiTransport _transport;

    public SorchaClient(HttpClient http, TokenSource? tokens = null)
    {
        ArgumentNullException.ThrowIfNull(http);
        _transport = new ApiTransport(http, tokens);
        Auth = new AuthClient(_transport);
        Wallets = new WalletsClient(_transport);
        Registers = new RegistersClient(_transport);
        Transactions = new TransactionsClient(_transport);
        Blueprints = new BlueprintsClient(_transport);
        Execution = new ExecutionClient(_transport);
        Instances = new InstancesClient(_transport);
        Templates = new TemplatesClient(_transport);
    }

    /// <summary>A client acting as a development caller: tokens for <paramref name="clientId"/> fetched and cached as needed.</summary>
    public static SorchaClient ForDevCaller(HttpClient http, string clientId, string devClientSecret) =>
        new(http, new DevTokenSource(http, clientId, devClientSecret));

    public HttpClient Http => _transport.Http;

    public AuthClient Auth { get; }

    public WalletsClient Wallets { get; }

    public RegistersClient Registers { get; }

    public TransactionsClient Transactions { get; }

    public BlueprintsClient Blueprints { get; }

    public ExecutionClient Execution { get; }

    public InstancesClient Instances { get; }

    /// <summary>Blueprint templates (JSON-e): the caller's own, and instantiating one into a draft.</summary>
    public TemplatesClient Templates { get; }

    /// <summary>Another caller on the same HttpClient.</summary>
    public SorchaClient WithTokens(TokenSource tokens) => new(_transport.Http, tokens);

    /// <summary><c>GET /health</c> (anonymous). A 503 still carries the report, so it is returned, not thrown.</summary>
    public async Task<HealthReport> GetHealthAsync(CancellationToken cancellationToken = default)
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, new Uri("health", UriKind.Relative));
        using var response = await _transport.Http.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, cancellationToken)
            .ConfigureAwait(false);
        if (!response.IsSuccessStatusCode && response.StatusCode != System.Net.HttpStatusCode.ServiceUnavailable)
        {
            throw await SorchaApiException.FromResponseAsync(response, cancellationToken).ConfigureAwait(false);
        }

        return await ApiTransport.ReadAsync(response, SorchaJsonContext.Default.HealthReport, cancellationToken).ConfigureAwait(false);
    }
}
