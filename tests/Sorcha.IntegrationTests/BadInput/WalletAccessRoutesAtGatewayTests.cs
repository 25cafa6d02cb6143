using Sorcha.IntegrationTests.Infrastructure;
using Sorcha.Testing.BadInput.Routes;

namespace Sorcha.IntegrationTests.BadInput;

/// <summary>The gateway's own token checks on every wallet access route; the other cases run in process (Sorcha.Wallet.Service.Tests).</summary>
[Collection(PlatformScope.Name)]
public sealed class WalletAccessRoutesAtGatewayTests(PlatformFixture platform) : WalletAccessRoutesSuite(platform)
{
    private static readonly CaseTable Cases = All.Where(c => c.IsGatewayTokenCase);

    protected override CaseTable Table => Cases;

    public static TheoryData<string> Names() => Cases.Names();

    [Theory]
    [MemberData(nameof(Names))]
    public Task Refused_with_a_problem_and_nothing_changes(string name) => RunAsync(name);
}
