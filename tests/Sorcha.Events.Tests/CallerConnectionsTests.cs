using Microsoft.Extensions.Options;
using Sorcha.Events.Connections;

namespace Sorcha.Events.Tests;

public sealed class CallerConnectionsTests
{
    private readonly CallerConnections _connections = new(Options.Create(new LiveEventsOptions { MaxConnectionsPerCaller = 2 }));

    [Fact]
    public void A_caller_holds_at_most_the_limit_and_another_caller_is_not_counted_with_it()
    {
        Assert.True(_connections.TryOpen("alice", "a1"));
        Assert.True(_connections.HasRoom("alice"));
        Assert.True(_connections.TryOpen("alice", "a2"));
        Assert.False(_connections.HasRoom("alice"));
        Assert.False(_connections.TryOpen("alice", "a3"));
        Assert.True(_connections.TryOpen("bob", "b1"));
        Assert.Equal(2, _connections.CountOf("alice"));
    }

    [Fact]
    public void Closing_frees_a_place_once_and_a_caller_with_none_leaves_no_entry()
    {
        _connections.TryOpen("alice", "a1");
        _connections.TryOpen("alice", "a2");
        _connections.Close("alice", "a1");
        _connections.Close("alice", "a1"); // twice (or a refused one): counted once
        _connections.Close("alice", "never-opened");
        Assert.Equal(1, _connections.CountOf("alice"));
        Assert.True(_connections.TryOpen("alice", "a3"));
        _connections.Close("alice", "a2");
        _connections.Close("alice", "a3");
        Assert.Equal(0, _connections.CountOf("alice"));
        Assert.True(_connections.HasRoom("alice"));
    }

    [Fact]
    public void The_refusal_names_the_limit_and_its_setting() =>
        Assert.Contains("2 (Events:MaxConnectionsPerCaller)", CallerConnections.Refusal(2), StringComparison.Ordinal);
}
