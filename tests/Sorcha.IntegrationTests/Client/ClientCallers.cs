using Sorcha.Client;
using Sorcha.IntegrationTests.Blueprints;
using Sorcha.IntegrationTests.Infrastructure;

namespace Sorcha.IntegrationTests.Client;

/// <summary>SorchaClients on the fixture's gateway, each a distinct development caller with its own cached token.</summary>
public static class ClientCallers
{
    public static SorchaClient Caller(this PlatformFixture platform, string name) =>
        SorchaClient.ForDevCaller(platform.Gateway, $"client-{name}-{Guid.NewGuid():N}", platform.Options.DevClientSecret);

    public static Blueprint SampleBlueprint(string name) => Blueprint.FromJson(BlueprintFlows.Sample(name).ToJsonString());
}
