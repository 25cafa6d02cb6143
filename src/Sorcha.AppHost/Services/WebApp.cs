using Sorcha.AppHost.Hosting;

namespace Sorcha.AppHost.Services;

/// <summary>
/// The web app's processes (--Replicas of them, like a service's): no Redis (it is an API client of the gateway and
/// nothing else), the gateway's address, and its sign-in settings: the Web section of the AppHost's configuration
/// (Web:Oidc:Authority, ClientId, Scope …) and, when given, the OpenID Connect client secret (parameter
/// web-oidc-client-secret), which only the web app receives. The gateway routes every other path to it.
/// </summary>
public static class WebApp
{
    public static ServiceReplicas Add(IDistributedApplicationBuilder builder, SorchaAppOptions options,
        IResourceBuilder<SorchaProcessResource> gateway)
    {
        var web = new ServiceReplicas(SorchaApp.Web, [.. Enumerable.Range(0, options.Replicas).Select(i =>
            builder.AddSorchaProcess<Projects.Sorcha_Web>(SorchaApp.ReplicaName(SorchaApp.Web, i), options, PortLeases.Lease(), redis: null)
                .WithEnvironment("services__gateway__http__0", gateway.GetEndpoint("http"))
                .WithEnvironment(context => WebSettings(builder.Configuration.GetSection("Web"), context)))]);
        if (builder.Configuration["Parameters:web-oidc-client-secret"] is { Length: > 0 })
        {
            web.WithEnvironment("Web__Oidc__ClientSecret", builder.AddParameter("web-oidc-client-secret", secret: true));
        }

        return web;
    }

    private static void WebSettings(IConfigurationSection web, EnvironmentCallbackContext context)
    {
        foreach (var (key, value) in web.AsEnumerable(makePathsRelative: true))
        {
            if (value is not null && !key.Contains("ClientSecret", StringComparison.OrdinalIgnoreCase))
            {
                context.EnvironmentVariables["Web__" + key.Replace(":", "__", StringComparison.Ordinal)] = value;
            }
        }
    }
}
