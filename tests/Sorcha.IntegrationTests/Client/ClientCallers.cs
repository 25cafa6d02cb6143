using Sorcha.Client;
using Sorcha.IntegrationTests.Blueprints;
using Sorcha.IntegrationTests.Infrastructure;

namespace Sorcha.IntegrationTests.Client;

/// <summary>The sample blueprints as the typed client's model (callers: <see cref="PlatformFixture.Caller"/>).</summary>
public static class ClientCallers
{
    public static Blueprint SampleBlueprint(string name) => Blueprint.FromJson(BlueprintFlows.Sample(name).ToJsonString());
}
