namespace Sorcha.FaultTests.Reliability;

/// <summary>
/// A platform of its own for tests that kill Redis or restart services, so the shared <see cref="PlatformFixture"/>
/// never sees a fault. One replica of each service whatever SORCHA_TEST_REPLICAS says: these tests prove what a
/// client sees while the only instance is down. Their faults are a single Redis's (killed, restarted), so with
/// SORCHA_TEST_REDIS_PROVIDER=cluster they still run on one; a cluster's fault is ClusterFailoverTests (in
/// Sorcha.IntegrationTests, on CI's rerun platform).
/// </summary>
public sealed class FaultPlatformFixture : PlatformFixture
{
    protected override int Replicas => 1;

    protected override string? RedisProvider => base.RedisProvider == "cluster" ? null : base.RedisProvider;

    /// <summary>
    /// Production's fsync policy (docs/durability.md, "What a crash can lose"): with the local default, everysec, Redis
    /// still answers while a slow fsync holds back its AOF write, so a kill then loses acknowledged appends by Redis's
    /// own design; on a busy machine that made these audits fail (acknowledged 358, height 354).
    /// </summary>
    protected override IEnumerable<string> Arguments() => base.Arguments().Append("--Redis:AppendFsync=always");
}

[CollectionDefinition(Name)]
public sealed class FaultScope : ICollectionFixture<FaultPlatformFixture>
{
    public const string Name = "faults";
}
