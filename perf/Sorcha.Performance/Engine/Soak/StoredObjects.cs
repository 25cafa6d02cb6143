namespace Sorcha.Performance.Engine.Soak;

/// <summary>
/// What the load has stored on the platform, counted by the scenarios as each creation is answered: the soak's memory
/// model explains the store's growth by these (<see cref="GrowthModel"/>).
/// </summary>
public sealed class StoredObjects
{
    private long _transactions, _instances, _blueprints;

    public void Transaction() => Interlocked.Increment(ref _transactions);

    public void Instance() => Interlocked.Increment(ref _instances);

    public void Blueprint() => Interlocked.Increment(ref _blueprints);

    public StoredCounts Snapshot() =>
        new(Interlocked.Read(ref _transactions), Interlocked.Read(ref _instances), Interlocked.Read(ref _blueprints));
}

public sealed record StoredCounts(long Transactions, long Instances, long Blueprints)
{
    public static StoredCounts operator -(StoredCounts a, StoredCounts b) =>
        new(a.Transactions - b.Transactions, a.Instances - b.Instances, a.Blueprints - b.Blueprints);
}
