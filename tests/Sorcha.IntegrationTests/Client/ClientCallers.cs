using Sorcha.Client;
using Sorcha.Contracts.Blueprints;
using Sorcha.IntegrationTests.Blueprints;
using Sorcha.IntegrationTests.Infrastructure;

namespace Sorcha.IntegrationTests.Client;

/// <summary>The sample blueprints as the typed client's model (callers: <see cref="PlatformFixture.Caller"/>).</summary>
public static class ClientCallers
{
    public static BlueprintDocument SampleBlueprint(string name) => BlueprintDocuments.FromJson(BlueprintFlows.Sample(name).ToJsonString());
}
