using Microsoft.Extensions.Options;
using Sorcha.Web.Identity;

namespace Sorcha.Web.Api;

/// <summary>
/// The one way this app reaches Sorcha: the gateway's REST API and hub, as any client does (docs/web.md). The named
/// HttpClient goes through the service defaults' resilience (safe methods retried only), with the gateway's address
/// from Web:GatewayUrl or the AppHost's services:gateway:http:0.
/// </summary>
public static class GatewayClients
{
    public static void AddGatewayClients(this WebApplicationBuilder builder)
    {
        builder.Services.AddOptions<WebOptions>().Bind(builder.Configuration.GetSection(WebOptions.Section))
            .PostConfigure(o => o.GatewayUrl ??= builder.Configuration["services:gateway:http:0"])
            .ValidateDataAnnotations().ValidateOnStart();
        builder.Services.AddHttpClient(TokenRefresher.GatewayClient, (sp, http) => http.BaseAddress = Gateway(sp));
        builder.Services.AddScoped<UserApi>();
    }

    public static Uri Gateway(IServiceProvider services) => Gateway(services.GetRequiredService<IOptions<WebOptions>>().Value);

    public static Uri Gateway(WebOptions options) => new(options.GatewayUrl
        ?? throw new InvalidOperationException("Web:GatewayUrl is not set and the AppHost gave no services:gateway:http:0."));
}
