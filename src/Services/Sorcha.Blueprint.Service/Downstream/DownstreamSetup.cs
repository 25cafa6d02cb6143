using System.Net.Http.Headers;
using Sorcha.ServiceDefaults.Discovery;
using Microsoft.Extensions.Options;
using Sorcha.ServiceDefaults.Limits;

namespace Sorcha.Blueprint.Service.Downstream;

public static class DownstreamSetup
{
    /// <summary>Typed clients for the services an action goes through, found by their discovery names, over all their replicas.</summary>
    public static void AddDownstreamClients(this WebApplicationBuilder builder)
    {
        builder.Services.AddSingleton<ServiceIdentity>();
        builder.Services.AddHttpClient<WalletClient>(Configure("wallet")).AddReplicaBalancing("wallet");
        builder.Services.AddHttpClient<TransactionClient>(Configure("transaction")).AddReplicaBalancing("transaction");
        builder.Services.AddHttpClient<RegisterClient>(Configure("register")).AddReplicaBalancing("register");
    }

    /// <summary>The caller's own bearer token, to forward so that other services apply the caller's rights, not ours.</summary>
    public static AuthenticationHeaderValue CallerToken(this HttpContext context) =>
        AuthenticationHeaderValue.TryParse(context.Request.Headers.Authorization.ToString(), out var value)
            ? value
            : throw new InvalidOperationException("An authenticated request has no Authorization header to forward.");

    // Resolved when a client is created, not at start-up, so the service starts (and answers /health) without them.
    // The per-attempt timeout is Limits:Timeouts:OutgoingSeconds (10 s); when it fires the caller gets a 503 problem.
    private static Action<IServiceProvider, HttpClient> Configure(string service) => (services, client) =>
    {
        client.BaseAddress = ServiceDiscovery.Resolve(services.GetRequiredService<IConfiguration>(), service);
        client.Timeout = TimeSpan.FromSeconds(services.GetRequiredService<IOptions<LimitsOptions>>().Value.Timeouts.OutgoingSeconds);
    };
}
