using Sorcha.ApiPlatform.Auth;
using Sorcha.ApiPlatform.Problems;
using Sorcha.Client;
using Sorcha.Events;

namespace Sorcha.Blueprint.Service.Platform;

/// <summary>
/// The services an action goes through, as the typed clients of Sorcha.Client (a failure is a SorchaApiException with
/// the other service's problem document). Calls act as the caller: <see cref="CallerTokenHandler"/> forwards its token.
/// </summary>
public sealed class PlatformClients(IHttpMessageHandlerFactory handlers, ServiceIdentity identity)
{
    public const string Wallet = "wallet";
    public const string Transaction = "transaction";
    public const string Register = "register";

    public WalletsClient Wallets => Caller(Wallet).Wallets;

    public RegistersClient Registers => Caller(Register).Registers;

    public TransactionsClient Transactions => Caller(Transaction).Transactions;

    /// <summary>The Wallet service as the holder of <paramref name="accessToken"/>, outside any request (the events hub).</summary>
    public WalletsClient WalletsAs(string accessToken) => new SorchaClient(Client(Wallet), TokenSource.Fixed(accessToken)).Wallets;

    /// <summary>The Register service as the holder of <paramref name="accessToken"/>, outside any request (the events hub).</summary>
    public RegistersClient RegistersAs(string accessToken) => new SorchaClient(Client(Register), TokenSource.Fixed(accessToken)).Registers;

    /// <summary>The Transaction service with this service's own token (<see cref="ServiceIdentity"/>), acting for <paramref name="caller"/>.</summary>
    public TransactionsClient TransactionsActingFor(string caller, string writer) =>
        new SorchaClient(Client(Transaction), identity.For(caller, writer)).Transactions;

    private SorchaClient Caller(string service) => new(Client(service));

    /// <summary>
    /// The factory's pipeline for <paramref name="service"/> (discovery, resilience, the caller's token) behind
    /// <see cref="UnansweredCallHandler"/>, outermost: it must see the outcome after every retry and replica, not each
    /// attempt's, or the retry of a refused connection would never happen. The factory owns the pipeline's lifetime.
    /// </summary>
    private HttpClient Client(string service) =>
        new(new UnansweredCallHandler(service) { InnerHandler = handlers.CreateHandler(service) }, disposeHandler: false)
        {
            BaseAddress = new Uri($"http://{service}"),
        };
}

public static class PlatformClientsSetup
{
    /// <summary>
    /// The one place this service's outgoing clients are set up. Addresses (<c>http://wallet</c> over every replica),
    /// timeouts and retries come from ServiceDefaults' HttpClient defaults (Discovery/OutgoingCalls); here only the
    /// caller's token is added.
    /// </summary>
    public static void AddPlatformClients(this WebApplicationBuilder builder)
    {
        builder.Services.AddHttpContextAccessor();
        builder.Services.AddTransient<CallerTokenHandler>();
        builder.AddServiceTokenKey();
        builder.Services.AddSingleton<ServiceIdentity>();
        builder.Services.AddSingleton<PlatformClients>();
        builder.Services.AddSingleton<ISubscriptionChecks, EventSubscriptionChecks>();
        foreach (var service in new[] { PlatformClients.Wallet, PlatformClients.Transaction, PlatformClients.Register })
        {
            builder.Services.AddHttpClient(service).AddHttpMessageHandler<CallerTokenHandler>();
        }
    }
}
