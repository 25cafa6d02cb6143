using System.Net;
using Sorcha.Client;
using Sorcha.Contracts.Instances;
using Sorcha.IntegrationTests.Infrastructure;
using Sorcha.Ledger.Verification;

namespace Sorcha.IntegrationTests.Blueprints;

/// <summary>loan-application with one caller in every role: the "refer" loop runs the same action twice in a row.</summary>
[Trait(Rerun.Trait, Rerun.Replicas)]
[Trait(Rerun.Trait, Rerun.Cluster)]
[Collection(PlatformScope.Name)]
public sealed class LoanWorkflowTests(PlatformFixture platform)
{
    [Fact]
    public async Task Loan_with_a_referral_loop_runs_to_completion_and_the_register_verifies()
    {
        using var bank = await platform.ClientAsync("loan-solo");
        var wallet = await InstanceFlows.WalletAsync(bank);
        var blueprintId = await BlueprintFlows.PublishedAsync(bank, "loan-application");
        var registerId = await InstanceFlows.RegisterAsync(bank);
        var instanceId = await InstanceFlows.InstanceAsync(bank, blueprintId, registerId,
            new Dictionary<string, string> { ["applicant"] = wallet, ["underwriter"] = wallet, ["bank"] = wallet });

        var steps = new (string Action, object Data, string? Next)[]
        {
            ("apply", new
            {
                applicationId = "3f1c2a9e-8b7d-4c6e-9f10-2a3b4c5d6e7f",
                applicant = new { firstName = "Grace", lastName = "Hopper", dateOfBirth = "1985-12-09", email = "grace@example.com" },
                address = new { line1 = "1 Harbour St", city = "Leith", postcode = "EH6 6AA", country = "GB" },
                employmentStatus = "employed",
                employer = "Navy Labs",
                annualIncome = 60000,
                monthlyDebtPayments = 500,
                loanAmount = 20000,
                termMonths = 36,
                purpose = "car",
                consentToCreditCheck = true,
            }, "underwrite"),
            ("underwrite", new { decision = "refer", riskGrade = "C", reason = "Confirm income" }, "underwrite"),
            ("underwrite", new { decision = "approve", riskGrade = "B", approvedAmount = 20000, approvedTermMonths = 36, interestRate = 6.5 }, "offer"),
            ("offer", new
            {
                offerId = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d", amount = 20000, termMonths = 36, interestRate = 6.5,
                monthlyPayment = 663.89, expiresOn = "2025-04-30",
            }, "accept"),
            ("accept", new { accepted = true, respondedAt = "2025-04-01T10:00:00Z", payoutAccount = new { iban = "GB82WEST12345698765432" } }, "disburse"),
            ("disburse", new { disbursedAmount = 20000, disbursedAt = "2025-04-02T09:00:00Z", transferReference = "TRF-000123" }, null),
        };

        var sequences = new List<long>();
        foreach (var (action, data, next) in steps)
        {
            var receipt = await Json.PostAsync<SubmitActionResponse>(bank, $"/api/instances/{instanceId}/actions/{action}",
                new { sender = wallet, data }, HttpStatusCode.Created);
            Assert.Equal(next, receipt.NextActionId);
            sequences.Add(receipt.Sequence);
            if (action == "apply")
            {
                Assert.Equal(0.1m, receipt.Calculated["debtToIncome"]!.GetValue<decimal>());
                Assert.False(receipt.Calculated["requiresManualReview"]!.GetValue<bool>());
            }
        }

        Assert.Equal([0L, 1, 2, 3, 4, 5], sequences);
        var state = await Json.GetAsync<InstanceDto>(bank, $"/api/instances/{instanceId}");
        Assert.Equal("completed", state.Status);
        Assert.Equal(steps.Select(s => s.Action), state.Steps.Select(s => s.ActionId));

        var verified = await Json.GetAsync<VerificationResult>(bank, $"/api/registers/{registerId}/verify");
        Assert.True(verified.Valid, verified.ToString());
    }
}
