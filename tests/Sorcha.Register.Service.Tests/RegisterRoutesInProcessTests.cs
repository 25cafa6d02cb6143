using Sorcha.Testing.BadInput;
using Sorcha.Testing.BadInput.Routes;

namespace Sorcha.Register.Service.Tests;

/// <summary>
/// Every register route fed bad input, straight at the Register service; its transaction routes' cases run against the
/// Transaction service (Sorcha.Transaction.Service.Tests), the gateway's own token checks cross-process.
/// </summary>
[Collection(RegisterScope.Name)]
public sealed class RegisterRoutesInProcessTests(RegisterServices services) : RegisterAndTransactionRoutesSuite(services)
{
    private static readonly CaseTable Cases = All.Where(c => !c.IsGatewayTokenCase && !IsTransactionRoute(c));

    protected override CaseTable Table => Cases;

    public static TheoryData<string> Names() => Cases.Names();

    [Theory]
    [MemberData(nameof(Names))]
    public Task Refused_with_a_problem_and_nothing_changes(string name) => RunAsync(name);
}
