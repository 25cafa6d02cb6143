using Sorcha.Client;
using Sorcha.Contracts.Instances;
using Sorcha.Web.Api;

namespace Sorcha.Web.Live;

/// <summary>
/// The person's open steps for this circuit (the inbox page and the nav's count): read from /api/inbox, and read
/// again whenever a live event says one of their wallets' steps changed. Subscribes before the first read, so that
/// no step that arrives in between is missed. Reads never overlap: one that is asked for meanwhile runs once after.
/// </summary>
public sealed class InboxState(UserApi api, MyWallets wallets, LiveEvents live) : IDisposable
{
    public const int PageSize = 100;

    private readonly SemaphoreSlim _reading = new(1, 1);
    private bool _started;
    private int _wanted;

    public IReadOnlyList<InboxItem> Items { get; private set; } = [];

    public long Total { get; private set; }

    public bool Loaded { get; private set; }

    /// <summary>What went wrong at the last read, in words; null when it worked.</summary>
    public string? Problem { get; private set; }

    public event Action? Changed;

    public async Task StartAsync()
    {
        if (_started)
        {
            return;
        }

        _started = true;
        live.WorkChanged += ReloadAsync;
        try
        {
            await live.WatchWalletsAsync((await wallets.AllAsync()).Select(w => w.Address));
        }
        catch (Exception ex) when (ex is not OperationCanceledException)
        {
            Problem = "Live updates are unavailable (" + ProblemText.Describe(ex) + "); reload the page to see new steps.";
        }

        await ReloadAsync();
    }

    public async Task ReloadAsync()
    {
        Interlocked.Increment(ref _wanted);
        await _reading.WaitAsync();
        try
        {
            if (Interlocked.Exchange(ref _wanted, 0) == 0)
            {
                return; // a read that started after this was asked for already answered it
            }

            var page = await (await api.ClientAsync()).Instances.InboxAsync(1, PageSize);
            (Items, Total, Loaded) = (page.Items, page.TotalCount, true);
            Problem = live.Connected ? null : Problem;
        }
        catch (Exception ex) when (ex is SorchaApiException or HttpRequestException or Identity.SessionEndedException)
        {
            Problem = ProblemText.Describe(ex);
        }
        finally
        {
            _reading.Release();
        }

        Changed?.Invoke();
    }

    public void Dispose()
    {
        live.WorkChanged -= ReloadAsync;
        _reading.Dispose();
    }
}
