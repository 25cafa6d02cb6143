extern alias blueprint;

using System.Net.Http.Headers;
using System.Security.Cryptography;
using Microsoft.Extensions.Options;
using Sorcha.ApiPlatform.Auth;
using ServiceIdentity = blueprint::Sorcha.Blueprint.Service.Platform.ServiceIdentity;

namespace Sorcha.Blueprint.Service.Tests;

/// <summary>The commit token is minted once per (caller, writer) and used for <see cref="ServiceIdentity.Reuse"/>, then minted afresh.</summary>
public sealed class ServiceIdentityTests
{
    [Fact]
    public async Task A_token_is_reused_per_caller_and_writer_for_a_minute_then_minted_again()
    {
        var clock = new IdentityClock();
        var identity = new ServiceIdentity(Options.Create(new ServiceTokenOptions
        {
            SigningKey = Convert.ToBase64String(RandomNumberGenerator.GetBytes(32)),
        }), clock);

        var first = await HeaderAsync(identity, "alice", "alice");
        Assert.Equal("Bearer", first.Scheme);
        Assert.Same(first, await HeaderAsync(identity, "alice", "alice"));
        Assert.NotEqual(first.Parameter, (await HeaderAsync(identity, "bob", "alice")).Parameter);
        Assert.NotEqual(first.Parameter, (await HeaderAsync(identity, "alice", "bob")).Parameter);

        clock.Advance(ServiceIdentity.Reuse - TimeSpan.FromSeconds(1));
        Assert.Same(first, await HeaderAsync(identity, "alice", "alice"));

        clock.Advance(TimeSpan.FromSeconds(1));
        Assert.NotSame(first, await HeaderAsync(identity, "alice", "alice"));
    }

    private static async Task<AuthenticationHeaderValue> HeaderAsync(ServiceIdentity identity, string caller, string writer) =>
        await identity.For(caller, writer).GetHeaderAsync(CancellationToken.None);

    private sealed class IdentityClock : TimeProvider
    {
        private DateTimeOffset _now = DateTimeOffset.UtcNow;

        public override DateTimeOffset GetUtcNow() => _now;

        public void Advance(TimeSpan by) => _now += by;
    }
}
