using Microsoft.Extensions.Options;
using StackExchange.Redis;
using Sorcha.Registers.Store;

namespace Sorcha.Transaction.Service.Commit;

public static class CommitSetup
{
    public static void AddGroupCommit(this WebApplicationBuilder builder)
    {
        // What a 201 waits for (WAIT on the register's master; on by default on a Redis Cluster): AppendDurability.
        builder.Services.AddOptions<AppendDurability>().BindConfiguration("Redis:Durability")
            .Validate(d => d.Replicas is null or >= 0 && d.TimeoutMs > 0, "Redis:Durability needs Replicas >= 0 and TimeoutMs > 0.")
            .ValidateOnStart();
        builder.Services.AddSingleton(sp => new RegisterStore(sp.GetRequiredService<IConnectionMultiplexer>(),
            sp.GetRequiredService<IOptions<AppendDurability>>().Value));
        builder.Services.AddSingleton<GroupCommitter>();
    }
}
