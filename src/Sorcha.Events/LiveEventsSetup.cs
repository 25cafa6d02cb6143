using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http.Connections;
using Microsoft.AspNetCore.SignalR;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Options;
using Sorcha.Events.Backplane;
using Sorcha.Events.Connections;

namespace Sorcha.Events;

public static class LiveEventsSetup
{
    /// <summary>
    /// Every service that raises events, and the one that hosts the hub: <see cref="LiveEvents"/> (inject it and call
    /// ToWalletsAsync/ToRegisterAsync), SignalR, and the Redis backplane that carries events between processes.
    /// </summary>
    public static void AddLiveEvents(this IHostApplicationBuilder builder)
    {
        builder.Services.AddOptions<LiveEventsOptions>().Bind(builder.Configuration.GetSection(LiveEventsOptions.Section))
            .ValidateDataAnnotations().ValidateOnStart();
        var signalR = builder.Services.AddSignalR();
        // The global options, which the hub's own copy at first use: a hub message is a method name and an id or two.
        builder.Services.AddOptions<HubOptions>().Configure<IOptions<LiveEventsOptions>>((hub, events) =>
        {
            hub.MaximumReceiveMessageSize = events.Value.MaxReceiveMessageBytes;
            hub.EnableDetailedErrors = false; // a refusal's HubException message still reaches the client
        });
        signalR.AddBackplane(builder.Configuration);
        builder.Services.AddSingleton<LiveEvents>();
        builder.Services.AddSingleton<CallerConnections>();
    }

    /// <summary>
    /// The hub at <see cref="EventsHub.Path"/>, in the one service that hosts it, after <c>UseSorchaApiPlatform</c>
    /// (auth). The service must register an <see cref="ISubscriptionChecks"/>.
    /// </summary>
    public static WebApplication MapLiveEvents(this WebApplication app)
    {
        _ = app.Services.GetService<ISubscriptionChecks>() ?? throw new InvalidOperationException(
            $"The live-events hub needs an {nameof(ISubscriptionChecks)} (wallet ownership and register existence) registered.");
        app.UseConnectionGate(EventsHub.Path);
        app.MapHub<EventsHub>(EventsHub.Path, o =>
        {
            o.Transports = HttpTransportType.WebSockets | HttpTransportType.ServerSentEvents | HttpTransportType.LongPolling;
            // A connection ends when its token does; the client reconnects with a fresh one.
            o.CloseOnAuthenticationExpiration = true;
        });
        return app;
    }
}
