using System.Net;
using System.Net.Http.Json;
using Sorcha.Client;
using Sorcha.Contracts.Instances;
using Sorcha.Testing.Blueprints;

namespace Sorcha.Blueprint.Service.Tests;

/// <summary>Instances: creation and submission mistakes are 4xx problems that change nothing (the step race runs
/// cross-process, IntegrationTests/Blueprints/StepRaceTests, so CI's replica rerun takes it across two Blueprint replicas).</summary>
[Collection(BlueprintScope.Name)]
public sealed class InstanceTests(BlueprintServices services)
{
    private const string SomeAddress = "ws1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq";

    [Fact]
    public async Task Instance_of_an_unpublished_blueprint_is_409()
    {
        using var caller = await services.ClientAsync("inst-draft");
        var wallet = await InstanceFlows.WalletAsync(caller);
        var id = (await BlueprintFlows.CreateAsync(caller, BlueprintFlows.Sample("expense-approval"))).Id!;

        using var response = await caller.PostAsJsonAsync($"/api/blueprints/{id}/instances", new
        {
            registerId = "0123456789abcdef0123456789abcdef",
            participants = new { employee = wallet, manager = wallet, finance = wallet },
        });
        await ProblemAssert.IsProblemAsync(response, HttpStatusCode.Conflict);
    }

    [Fact]
    public async Task Bad_bindings_are_400_listing_every_participant_and_unknown_register_is_422()
    {
        using var caller = await services.ClientAsync("inst-bind");
        var wallet = await InstanceFlows.WalletAsync(caller);
        var id = await BlueprintFlows.PublishedAsync(caller, "expense-approval");

        using var response = await caller.PostAsJsonAsync($"/api/blueprints/{id}/instances", new
        {
            participants = new { employee = wallet, manager = "ws1notanaddress", intruder = wallet },
        });
        var problem = await ProblemAssert.ReadAsync(response, HttpStatusCode.BadRequest);
        Assert.Equal(["participants.finance", "participants.intruder", "participants.manager", "registerId"],
            ProblemAssert.ErrorKeys(problem).Order(StringComparer.Ordinal));

        using var unknownRegister = await caller.PostAsJsonAsync($"/api/blueprints/{id}/instances", new
        {
            registerId = "0123456789abcdef0123456789abcdef",
            participants = new { employee = wallet, manager = wallet, finance = wallet },
        });
        await ProblemAssert.IsProblemAsync(unknownRegister, HttpStatusCode.UnprocessableEntity);
    }

    /// <summary>Each submission mistake on its own instance, so that the first refusal that breaks does not hide the rest.</summary>
    public static TheoryData<string> SubmissionMistakes() =>
        ["data-failing-the-schema", "not-the-next-action", "unknown-action", "malformed-sender", "unbound-wallet", "not-the-callers-wallet",
            "unknown-instance"];

    [Theory]
    [MemberData(nameof(SubmissionMistakes))]
    public async Task A_submission_mistake_is_its_4xx_and_leaves_the_instance_where_it_was(string mistake)
    {
        using var alice = await services.ClientAsync($"inst-mistakes-alice-{mistake}");
        using var mallory = await services.ClientAsync($"inst-mistakes-mallory-{mistake}");
        var (instance, wallet) = await InstanceFlows.SoloExpenseInstanceAsync(alice);
        var url = $"/api/instances/{instance}/actions";

        switch (mistake)
        {
            case "data-failing-the-schema":
                // 422 naming every failing pointer.
                using (var invalid = await alice.PostAsJsonAsync($"{url}/submit", new
                {
                    sender = wallet,
                    data = new { employeeName = "Ada", employeeEmail = "nope", amount = 0, currency = "GBP", extra = true },
                }))
                {
                    var problem = await ProblemAssert.ReadAsync(invalid, HttpStatusCode.UnprocessableEntity);
                    Assert.Superset(new HashSet<string> { "/employeeEmail", "/amount", "/extra", "/expenseDate", "/category", "/description" },
                        ProblemAssert.ErrorKeys(problem).ToHashSet());
                }

                break;
            case "not-the-next-action":
                using (var notNext = await alice.PostAsJsonAsync($"{url}/approve", new { sender = wallet, data = new { decision = "approved", approvedAmount = 1 } }))
                {
                    await ProblemAssert.IsProblemAsync(notNext, HttpStatusCode.Conflict);
                }

                break;
            case "unknown-action":
                using (var unknownAction = await alice.PostAsJsonAsync($"{url}/nope", new { sender = wallet, data = new { } }))
                {
                    await ProblemAssert.IsProblemAsync(unknownAction, HttpStatusCode.NotFound);
                }

                break;
            case "malformed-sender":
                using (var badSender = await alice.PostAsJsonAsync($"{url}/submit", new { sender = "nope", data = InstanceFlows.Claim }))
                {
                    await ProblemAssert.IsProblemAsync(badSender, HttpStatusCode.BadRequest);
                }

                break;
            case "unbound-wallet":
                // A well-formed address that is not the one bound to the employee.
                var otherWallet = await InstanceFlows.WalletAsync(alice);
                using (var unbound = await alice.PostAsJsonAsync($"{url}/submit", new { sender = otherWallet, data = InstanceFlows.Claim }))
                {
                    await ProblemAssert.IsProblemAsync(unbound, HttpStatusCode.Forbidden);
                }

                break;
            case "not-the-callers-wallet":
                // The bound wallet, but submitted by a caller who does not own it.
                using (var notYours = await mallory.PostAsJsonAsync($"{url}/submit", new { sender = wallet, data = InstanceFlows.Claim }))
                {
                    await ProblemAssert.IsProblemAsync(notYours, HttpStatusCode.Forbidden);
                }

                break;
            case "unknown-instance":
                using (var unknownInstance = await alice.PostAsJsonAsync($"/api/instances/{Guid.NewGuid():N}/actions/submit",
                    new { sender = wallet, data = InstanceFlows.Claim }))
                {
                    await ProblemAssert.IsProblemAsync(unknownInstance, HttpStatusCode.NotFound);
                }

                break;
            default:
                Assert.Fail($"no case '{mistake}'");
                break;
        }

        var state = await Json.GetAsync<InstanceDto>(alice, $"/api/instances/{instance}");
        Assert.Equal("submit", state.NextActionId);
        Assert.Empty(state.TxIds);
    }
}
