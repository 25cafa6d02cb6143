namespace Sorcha.IntegrationTests.Infrastructure;

/// <summary>
/// A test that needs two replicas of every service (SORCHA_TEST_REPLICAS=2): it runs in CI's rerun (<see cref="Rerun"/>)
/// on the shared platform, so that it costs no platform of its own; a run with one replica skips it, saying so.
/// </summary>
public sealed class ReplicasFactAttribute : FactAttribute
{
    public ReplicasFactAttribute()
    {
        if (TestSettings.Replicas != 2)
        {
            Skip = "needs two replicas of every service: SORCHA_TEST_REPLICAS=2 (CI's rerun, .ci/run)";
        }
    }
}

/// <summary>
/// A test that needs the platform on a Redis Cluster (SORCHA_TEST_REDIS_PROVIDER=cluster): it runs in CI's rerun
/// (<see cref="Rerun"/>) on the shared platform; a run on a single Redis skips it, saying so.
/// </summary>
public sealed class ClusterFactAttribute : FactAttribute
{
    public ClusterFactAttribute()
    {
        if (TestSettings.RedisProvider != "cluster")
        {
            Skip = "needs the platform on a Redis Cluster: SORCHA_TEST_REDIS_PROVIDER=cluster (CI's rerun, .ci/run)";
        }
    }
}
