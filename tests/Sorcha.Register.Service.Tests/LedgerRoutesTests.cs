using Sorcha.Testing.BadInput;
using Sorcha.Testing.BadInput.Routes;

namespace Sorcha.Register.Service.Tests;

/// <summary>Every register and transaction route fed bad input, straight at the services; the gateway's own token checks stay cross-process.</summary>
[Collection(LedgerScope.Name)]
public sealed class LedgerRoutesTests(LedgerServices services) : LedgerRoutesSuite(services)
{
    private static readonly CaseTable Cases = All.Where(c => !c.IsGatewayTokenCase);

    protected override CaseTable Table => Cases;

    public static TheoryData<string> Names() => Cases.Names();

    [Theory]
    [MemberData(nameof(Names))]
    public Task Refused_with_a_problem_and_nothing_changes(string name) => RunAsync(name);
}
