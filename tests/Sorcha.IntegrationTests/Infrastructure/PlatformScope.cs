namespace Sorcha.IntegrationTests.Infrastructure;

/// <summary>
/// The one shared platform (<see cref="PlatformFixture"/>, in Sorcha.Testing) most of this suite runs on: as the
/// environment says (one replica on redis-server by default; CI's rerun, <see cref="Rerun"/>, two replicas on a Redis
/// Cluster).
/// </summary>
[CollectionDefinition(Name)]
public sealed class PlatformScope : ICollectionFixture<PlatformFixture>
{
    public const string Name = "platform";
}
