using Sorcha.Testing.BadInput;
using Sorcha.Testing.BadInput.Routes;

namespace Sorcha.Wallet.Service.Tests;

/// <summary>Every wallet access route fed bad input, straight at the service; the gateway's own token checks stay cross-process.</summary>
[Collection(WalletScope.Name)]
public sealed class WalletAccessRoutesInProcessTests(WalletService service) : WalletAccessRoutesSuite(service)
{
    private static readonly CaseTable Cases = All.Where(c => !c.IsGatewayTokenCase);

    protected override CaseTable Table => Cases;

    public static TheoryData<string> Names() => Cases.Names();

    [Theory]
    [MemberData(nameof(Names))]
    public Task Refused_with_a_problem_and_nothing_changes(string name) => RunAsync(name);
}
