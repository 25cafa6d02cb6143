using Sorcha.Testing.BadInput;
using Sorcha.Testing.BadInput.Routes;

namespace Sorcha.Blueprint.Service.Tests;

/// <summary>Every blueprint, execution and instance route fed bad input, straight at the service; the gateway's own token checks stay cross-process.</summary>
[Collection(BlueprintScope.Name)]
public sealed class BlueprintRoutesInProcessTests(BlueprintServices services) : BlueprintRoutesSuite(services)
{
    private static readonly CaseTable Cases = All.Where(c => !c.IsGatewayTokenCase);

    protected override CaseTable Table => Cases;

    public static TheoryData<string> Names() => Cases.Names();

    [Theory]
    [MemberData(nameof(Names))]
    public Task Refused_with_a_problem_and_nothing_changes(string name) => RunAsync(name);
}
