using Sorcha.Contracts.Events;
using Microsoft.AspNetCore.SignalR;
using Microsoft.Extensions.Logging;

namespace Sorcha.Events.Tests;

/// <summary>Publishing never throws into the caller and never faults its task; a failure is one warning.</summary>
public sealed class LiveEventsTests
{
    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public async Task A_failed_publish_is_logged_and_neither_throws_nor_faults(bool synchronously)
    {
        var logger = new RecordingLogger();
        var events = new LiveEvents(new FailingHub(synchronously), logger);

        var toRegister = events.ToRegisterAsync("r", LiveEvents.Names.TransactionAppended, new { });
        var toWallets = events.ToWalletsAsync(["a", "b"], LiveEvents.Names.ActionAvailable, new { });
        await toRegister;
        await toWallets;

        Assert.Equal(2, logger.Warnings);
    }

    [Fact]
    public async Task Each_wallet_is_sent_once_and_no_wallet_sends_nothing()
    {
        var hub = new FailingHub(synchronously: false);
        var events = new LiveEvents(hub, new RecordingLogger());
        await events.ToWalletsAsync(["a", "b", "a"], LiveEvents.Names.InstanceEnded, new { });
        await events.ToWalletsAsync([], LiveEvents.Names.InstanceEnded, new { });
        Assert.Equal([["wallet:a", "wallet:b"]], hub.GroupSends);
    }

    [Fact]
    public async Task Each_event_raised_is_a_producer_span_in_the_raisers_trace()
    {
        var spans = new List<System.Diagnostics.Activity>();
        using var listener = new System.Diagnostics.ActivityListener
        {
            ShouldListenTo = source => source.Name is "Sorcha.Events" or "test",
            Sample = (ref System.Diagnostics.ActivityCreationOptions<System.Diagnostics.ActivityContext> _) =>
                System.Diagnostics.ActivitySamplingResult.AllDataAndRecorded,
            ActivityStopped = spans.Add,
        };
        System.Diagnostics.ActivitySource.AddActivityListener(listener);
        using var source = new System.Diagnostics.ActivitySource("test");
        using (var action = source.StartActivity("POST /api/instances/{instanceId}/actions/{actionId}"))
        {
            var events = new LiveEvents(new FailingHub(synchronously: false), new RecordingLogger());
            await events.ToWalletsAsync(["a"], LiveEvents.Names.ActionCommitted, new { });
        }

        var span = Assert.Single(spans, s => s.Source.Name == "Sorcha.Events");
        Assert.Equal(("event ActionCommitted", System.Diagnostics.ActivityKind.Producer), (span.DisplayName, span.Kind));
        Assert.Equal(spans.Single(s => s.Source.Name == "test").TraceId, span.TraceId);
    }

    private sealed class FailingHub(bool synchronously) : IHubContext<EventsHub>
    {
        private readonly FailingClients _clients = new(synchronously);

        public List<string[]> GroupSends => _clients.GroupSends;

        public IHubClients Clients => _clients;

        public IGroupManager Groups => throw new NotSupportedException();
    }

    private sealed class FailingClients(bool synchronously) : IHubClients
    {
        public List<string[]> GroupSends { get; } = [];

        public IClientProxy Group(string groupName) => new FailingProxy(synchronously);

        public IClientProxy Groups(IReadOnlyList<string> groupNames)
        {
            GroupSends.Add([.. groupNames]);
            return new FailingProxy(synchronously);
        }

        public IClientProxy All => throw new NotSupportedException();

        public IClientProxy AllExcept(IReadOnlyList<string> excludedConnectionIds) => throw new NotSupportedException();

        public IClientProxy Client(string connectionId) => throw new NotSupportedException();

        public IClientProxy Clients(IReadOnlyList<string> connectionIds) => throw new NotSupportedException();

        public IClientProxy GroupExcept(string groupName, IReadOnlyList<string> excludedConnectionIds) => throw new NotSupportedException();

        public IClientProxy User(string userId) => throw new NotSupportedException();

        public IClientProxy Users(IReadOnlyList<string> userIds) => throw new NotSupportedException();
    }

    private sealed class FailingProxy(bool synchronously) : IClientProxy
    {
        public Task SendCoreAsync(string method, object?[] args, CancellationToken cancellationToken = default) =>
            synchronously ? throw new InvalidOperationException("bus down") : Task.FromException(new InvalidOperationException("bus down"));
    }

    private sealed class RecordingLogger : ILogger<LiveEvents>
    {
        public int Warnings { get; private set; }

        public IDisposable? BeginScope<TState>(TState state) where TState : notnull => null;

        public bool IsEnabled(LogLevel logLevel) => true;

        public void Log<TState>(LogLevel logLevel, EventId eventId, TState state, Exception? exception, Func<TState, Exception?, string> formatter)
        {
            if (logLevel == LogLevel.Warning)
            {
                Warnings++;
            }
        }
    }
}
