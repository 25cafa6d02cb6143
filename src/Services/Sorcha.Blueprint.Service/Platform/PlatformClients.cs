using Microsoft.Extensions.Options;
using Sorcha.Client;
using Sorcha.ServiceDefaults.Auth;
using Sorcha.ServiceDefaults.Discovery;
using Sorcha.ServiceDefaults.Limits;
using Sorcha.ServiceDefaults.Problems;

namespace Sorcha.Blueprint.Service.Platform;

/// <summary>
/// The services an action goes through, as the typed clients of Sorcha.Client (a failure is a SorchaApiException with
/// the other service's problem document). Calls act as the caller: <see cref="CallerTokenHandler"/> forwards its token.
/// </summary>
public sealed class PlatformClients(IHttpClientFactory factory, ServiceIdentity identity)
{
    public const string Wallet = "wallet";
    public const string Transaction = "transaction";
    public const string Register = "register";

    public WalletsClient Wallets => Caller(Wallet).Wallets;

    public RegistersClient Registers => Caller(Register).Registers;

    public TransactionsClient Transactions => Caller(Transaction).Transactions;

    /// <summary>The Transaction service with this service's own token (<see cref="ServiceIdentity"/>), acting for <paramref name="caller"/>.</summary>
    public TransactionsClient TransactionsActingFor(string caller, string writer) =>
        new SorchaClient(factory.CreateClient(Transaction), identity.For(caller, writer)).Transactions;

    private SorchaClient Caller(string service) => new(factory.CreateClient(service));
}

public static class PlatformClientsSetup
{
    /// <summary>
    /// The one place this service's outgoing HttpClients are set up: by discovery name, over all the replicas. The base
    /// address is resolved when a client is created, not at start-up, so the service starts (and answers /health)
    /// without them. Each attempt times out after Limits:Timeouts:OutgoingSeconds (10 s): the caller then gets a 503
    /// naming the service (<see cref="UnansweredCallHandler"/>, outermost, so it sees every replica's failure).
    /// </summary>
    public static void AddPlatformClients(this WebApplicationBuilder builder)
    {
        builder.Services.AddHttpContextAccessor();
        builder.Services.AddTransient<CallerTokenHandler>();
        builder.Services.AddSingleton<ServiceIdentity>();
        builder.Services.AddSingleton<PlatformClients>();
        foreach (var service in new[] { PlatformClients.Wallet, PlatformClients.Transaction, PlatformClients.Register })
        {
            builder.Services.AddHttpClient(service, (services, client) =>
                {
                    client.BaseAddress = ServiceDiscovery.Resolve(services.GetRequiredService<IConfiguration>(), service);
                    client.Timeout = TimeSpan.FromSeconds(services.GetRequiredService<IOptions<LimitsOptions>>().Value.Timeouts.OutgoingSeconds);
                })
                .AddHttpMessageHandler(() => new UnansweredCallHandler(service))
                .AddReplicaBalancing(service)
                .AddHttpMessageHandler<CallerTokenHandler>();
        }
    }
}
