using System.Net.Http.Headers;

namespace Sorcha.Blueprint.Service.Downstream;

public static class DownstreamSetup
{
    /// <summary>
    /// Typed clients for the services an action goes through, by discovery name: ServiceDefaults resolves each request to
    /// the next replica, with Limits:Timeouts:OutgoingSeconds per attempt (a timeout is a 503 problem to the caller).
    /// </summary>
    public static void AddDownstreamClients(this WebApplicationBuilder builder)
    {
        builder.Services.AddSingleton<ServiceIdentity>();
        builder.Services.AddHttpClient<WalletClient>(c => c.BaseAddress = new Uri("http://wallet"));
        builder.Services.AddHttpClient<TransactionClient>(c => c.BaseAddress = new Uri("http://transaction"));
        builder.Services.AddHttpClient<RegisterClient>(c => c.BaseAddress = new Uri("http://register"));
    }

    /// <summary>The caller's own bearer token, to forward so that other services apply the caller's rights, not ours.</summary>
    public static AuthenticationHeaderValue CallerToken(this HttpContext context) =>
        AuthenticationHeaderValue.TryParse(context.Request.Headers.Authorization.ToString(), out var value)
            ? value
            : throw new InvalidOperationException("An authenticated request has no Authorization header to forward.");
}
