namespace Sorcha.IntegrationTests.Infrastructure;

/// <summary>
/// The classes CI runs a second time (.ci/run), on one platform with two replicas of every service on a Redis Cluster:
/// <see cref="Replicas"/> marks those that exercise balancing, sealer and claim races, <see cref="Cluster"/> those that
/// exercise the cluster (no CROSSSLOT, WAIT before every 201); a class may carry both. One platform for both, because
/// every marked class holds on it (each asserts the same outcome whether one or two replicas answer and whichever Redis
/// stores), and a platform start is the dearest thing in the run. Selected by this trait, not by namespace, so a moved
/// file stays selected; .ci/run fails when the rerun selects fewer tests than it expects.
/// </summary>
public static class Rerun
{
    public const string Trait = "Rerun";
    public const string Replicas = "Replicas";
    public const string Cluster = "Cluster";
}
