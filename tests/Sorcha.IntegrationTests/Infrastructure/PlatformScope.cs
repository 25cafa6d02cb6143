namespace Sorcha.IntegrationTests.Infrastructure;

/// <summary>The one shared platform (<see cref="PlatformFixture"/>, in Sorcha.Testing) most of this suite runs on.</summary>
[CollectionDefinition(Name)]
public sealed class PlatformScope : ICollectionFixture<PlatformFixture>
{
    public const string Name = "platform";
}
