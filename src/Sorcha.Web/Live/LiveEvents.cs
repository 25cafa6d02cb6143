using Microsoft.AspNetCore.SignalR;
using Microsoft.AspNetCore.SignalR.Client;
using Microsoft.Extensions.Options;
using Sorcha.Contracts.Events;
using Sorcha.Web.Api;

namespace Sorcha.Web.Live;

/// <summary>
/// One circuit's connection to the gateway's hub (/hubs/events) with the person's own token: their wallets' events
/// (their turn, commits, rejections, ends) and the registers a page watches. Events carry ids only; a page that hears
/// one reads the rest through the API (docs/api.md, "Live events"). Reconnects by itself; a page that was away
/// reloads what it shows when the connection is back, as api.md says a client catches up.
/// </summary>
public sealed class LiveEvents(UserApi api, IOptions<WebOptions> options, ILogger<LiveEvents> logger) : IAsyncDisposable
{
    private readonly SemaphoreSlim _start = new(1, 1);
    private readonly HashSet<string> _wallets = new(StringComparer.Ordinal);
    private HubConnection? _hub;

    /// <summary>A step of one of the person's wallets changed (became theirs, committed, rejected, ended), or the connection came back.</summary>
    public event Func<Task>? WorkChanged;

    /// <summary>A register's append or seal (the register's id), for the pages that subscribed to it.</summary>
    public event Func<string, Task>? RegisterChanged;

    public bool Connected => _hub?.State == HubConnectionState.Connected;

    /// <summary>
    /// Subscribes each of <paramref name="wallets"/> (once per circuit); connects first if needed. The hub lets only a
    /// wallet's owner subscribe: a delegated wallet it refuses is skipped (its steps still show at the next read).
    /// </summary>
    public async Task WatchWalletsAsync(IEnumerable<string> wallets)
    {
        var hub = await ConnectAsync();
        foreach (var wallet in wallets.Where(_wallets.Add))
        {
            try
            {
                await hub.InvokeAsync("SubscribeWallet", wallet);
            }
            catch (HubException ex)
            {
                logger.LogDebug("The hub refused a wallet subscription: {Reason}", ex.Message);
            }
        }
    }

    public async Task WatchRegisterAsync(string registerId) => await (await ConnectAsync()).InvokeAsync("SubscribeRegister", registerId);

    public async Task UnwatchRegisterAsync(string registerId)
    {
        if (Connected)
        {
            await _hub!.InvokeAsync("UnsubscribeRegister", registerId);
        }
    }

    private async Task<HubConnection> ConnectAsync()
    {
        await _start.WaitAsync();
        try
        {
            if (_hub is null)
            {
                _hub = new HubConnectionBuilder()
                    .WithUrl(new Uri(GatewayClients.Gateway(options.Value), "hubs/events"), o => o.AccessTokenProvider = api.AccessTokenAsync)
                    .WithAutomaticReconnect()
                    .Build();
                _hub.On<ActionAvailable>(nameof(ActionAvailable), _ => RaiseWorkAsync());
                _hub.On<ActionCommitted>(nameof(ActionCommitted), _ => RaiseWorkAsync());
                _hub.On<ActionRejected>(nameof(ActionRejected), _ => RaiseWorkAsync());
                _hub.On<InstanceEnded>(nameof(InstanceEnded), _ => RaiseWorkAsync());
                _hub.On<TransactionAppended>(nameof(TransactionAppended), e => RaiseRegisterAsync(e.RegisterId));
                _hub.On<DocketSealed>(nameof(DocketSealed), e => RaiseRegisterAsync(e.RegisterId));
                _hub.Reconnected += OnReconnectedAsync;
            }

            if (_hub.State == HubConnectionState.Disconnected)
            {
                await _hub.StartAsync();
            }

            return _hub;
        }
        finally
        {
            _start.Release();
        }
    }

    /// <summary>A new connection has no subscriptions: make them again, then let the pages catch up.</summary>
    private async Task OnReconnectedAsync(string? connectionId)
    {
        foreach (var wallet in _wallets)
        {
            try
            {
                await _hub!.InvokeAsync("SubscribeWallet", wallet);
            }
            catch (HubException)
            {
                // refused before too (a delegated wallet)
            }
        }

        await RaiseWorkAsync();
    }

    private async Task RaiseWorkAsync()
    {
        try
        {
            if (WorkChanged is { } handlers)
            {
                await handlers();
            }
        }
        catch (Exception ex)
        {
            logger.LogWarning(ex, "A page failed to take a live event");
        }
    }

    private async Task RaiseRegisterAsync(string registerId)
    {
        try
        {
            if (RegisterChanged is { } handlers)
            {
                await handlers(registerId);
            }
        }
        catch (Exception ex)
        {
            logger.LogWarning(ex, "A page failed to take a live event");
        }
    }

    public async ValueTask DisposeAsync()
    {
        if (_hub is not null)
        {
            await _hub.DisposeAsync();
        }

        _start.Dispose();
    }
}
