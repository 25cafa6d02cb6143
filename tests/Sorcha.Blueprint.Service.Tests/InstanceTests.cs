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
    public static TheoryData<string> SubmissionMistakes() => [.. Mistakes.Keys];

    [Theory]
    [MemberData(nameof(SubmissionMistakes))]
    public async Task A_submission_mistake_is_its_4xx_and_leaves_the_instance_where_it_was(string mistake)
    {
        var name = string.Concat(mistake.TakeWhile(char.IsLetter));
        using var alice = await services.ClientAsync($"inst-mistakes-alice-{name}");
        using var mallory = await services.ClientAsync($"inst-mistakes-mallory-{name}");
        var (instance, wallet) = await InstanceFlows.SoloExpenseInstanceAsync(alice);

        await Mistakes[mistake](new Submission(alice, mallory, $"/api/instances/{instance}/actions", wallet));

        var state = await Json.GetAsync<InstanceDto>(alice, $"/api/instances/{instance}");
        Assert.Equal("submit", state.NextActionId);
        Assert.Empty(state.TxIds);
    }

    /// <summary>An instance waiting for "submit" from <see cref="Wallet"/>, Alice's; Mallory owns no wallet of it.</summary>
    private sealed record Submission(HttpClient Alice, HttpClient Mallory, string Url, string Wallet);

    private static readonly Dictionary<string, Func<Submission, Task>> Mistakes = new()
    {
        ["schema: data failing it is 422 naming every failing pointer"] = async s =>
        {
            using var invalid = await s.Alice.PostAsJsonAsync($"{s.Url}/submit", new
            {
                sender = s.Wallet,
                data = new { employeeName = "Ada", employeeEmail = "nope", amount = 0, currency = "GBP", extra = true },
            });
            var problem = await ProblemAssert.ReadAsync(invalid, HttpStatusCode.UnprocessableEntity);
            Assert.Superset(new HashSet<string> { "/employeeEmail", "/amount", "/extra", "/expenseDate", "/category", "/description" },
                ProblemAssert.ErrorKeys(problem).ToHashSet());
        },
        ["next: not the next action is 409"] = async s =>
        {
            using var notNext = await s.Alice.PostAsJsonAsync($"{s.Url}/approve", new { sender = s.Wallet, data = new { decision = "approved", approvedAmount = 1 } });
            await ProblemAssert.IsProblemAsync(notNext, HttpStatusCode.Conflict);
        },
        ["action: an unknown one is 404"] = async s =>
        {
            using var unknownAction = await s.Alice.PostAsJsonAsync($"{s.Url}/nope", new { sender = s.Wallet, data = new { } });
            await ProblemAssert.IsProblemAsync(unknownAction, HttpStatusCode.NotFound);
        },
        ["sender: not an address is 400"] = async s =>
        {
            using var badSender = await s.Alice.PostAsJsonAsync($"{s.Url}/submit", new { sender = "nope", data = InstanceFlows.Claim });
            await ProblemAssert.IsProblemAsync(badSender, HttpStatusCode.BadRequest);
        },
        ["unbound: a well-formed address that is not the one bound to the employee is 403"] = async s =>
        {
            var otherWallet = await InstanceFlows.WalletAsync(s.Alice);
            using var unbound = await s.Alice.PostAsJsonAsync($"{s.Url}/submit", new { sender = otherWallet, data = InstanceFlows.Claim });
            await ProblemAssert.IsProblemAsync(unbound, HttpStatusCode.Forbidden);
        },
        ["owner: the bound wallet, submitted by a caller who does not own it, is 403"] = async s =>
        {
            using var notYours = await s.Mallory.PostAsJsonAsync($"{s.Url}/submit", new { sender = s.Wallet, data = InstanceFlows.Claim });
            await ProblemAssert.IsProblemAsync(notYours, HttpStatusCode.Forbidden);
        },
        ["instance: an unknown one is 404"] = async s =>
        {
            using var unknownInstance = await s.Alice.PostAsJsonAsync($"/api/instances/{Guid.NewGuid():N}/actions/submit",
                new { sender = s.Wallet, data = InstanceFlows.Claim });
            await ProblemAssert.IsProblemAsync(unknownInstance, HttpStatusCode.NotFound);
        },
    };
}
