namespace Sorcha.IntegrationTests.Infrastructure;

/// <summary>
/// The classes CI runs a second and a third time (.ci/run): on two replicas of every service (balancing, sealer and
/// claim races) and on a Redis Cluster (no CROSSSLOT, WAIT before every 201). Selected by this trait, not by namespace,
/// so a moved file stays selected; .ci/run fails when a rerun selects fewer tests than it expects.
/// </summary>
public static class Rerun
{
    public const string Trait = "Rerun";
    public const string Replicas = "Replicas";
    public const string Cluster = "Cluster";
}
