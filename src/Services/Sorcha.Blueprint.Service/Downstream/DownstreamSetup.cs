using System.Net.Http.Headers;
using Sorcha.ServiceDefaults.Discovery;

namespace Sorcha.Blueprint.Service.Downstream;

public static class DownstreamSetup
{
    /// <summary>Typed clients for the services an action goes through, found by their discovery names.</summary>
    public static void AddDownstreamClients(this WebApplicationBuilder builder)
    {
        builder.Services.AddHttpClient<WalletClient>(Configure("wallet"));
        builder.Services.AddHttpClient<TransactionClient>(Configure("transaction"));
        builder.Services.AddHttpClient<RegisterClient>(Configure("register"));
    }

    /// <summary>The caller's own bearer token, to forward so that other services apply the caller's rights, not ours.</summary>
    public static AuthenticationHeaderValue CallerToken(this HttpContext context) =>
        AuthenticationHeaderValue.TryParse(context.Request.Headers.Authorization.ToString(), out var value)
            ? value
            : throw new InvalidOperationException("An authenticated request has no Authorization header to forward.");

    // Resolved when a client is created, not at start-up, so the service starts (and answers /health) without them.
    private static Action<IServiceProvider, HttpClient> Configure(string service) => (services, client) =>
    {
        client.BaseAddress = ServiceDiscovery.Resolve(services.GetRequiredService<IConfiguration>(), service);
        client.Timeout = Downstream.Timeout;
    };
}
