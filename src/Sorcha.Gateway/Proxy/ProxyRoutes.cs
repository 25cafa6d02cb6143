namespace Sorcha.Gateway.Proxy;

/// <summary>The gateway's route table: a path prefix under /api and the service that owns it.</summary>
public static class ProxyRoutes
{
    public static readonly IReadOnlyList<(string Prefix, string Service)> All =
    [
        ("/api/wallets", "wallet"),
        ("/api/registers", "register"),
        ("/api/transactions", "transaction"),
        ("/api/blueprints", "blueprint"),
        ("/api/execution", "blueprint"),
        ("/api/instances", "blueprint"),
    ];

    public static IEnumerable<string> Services => All.Select(r => r.Service).Distinct();

    public static void AddProxy(this WebApplicationBuilder builder)
    {
        builder.Services.AddSingleton<Forwarder>();
        builder.Services.AddSingleton<Sorcha.ServiceDefaults.Discovery.ReplicaPicker>();
    }

    /// <summary>Each prefix becomes one catch-all endpoint, so the fallback policy demands a token before forwarding.</summary>
    public static void MapProxyRoutes(this WebApplication app)
    {
        foreach (var (prefix, service) in All)
        {
            app.Map(prefix + "/{**rest}", (HttpContext context, Forwarder forwarder) => forwarder.ForwardAsync(context, service))
                .WithName("proxy:" + prefix);
        }
    }
}
