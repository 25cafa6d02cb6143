using System.Net;
using System.Net.Http.Json;
using Sorcha.Testing.Blueprints;
using static Sorcha.Testing.Blueprints.AttachmentFlows;

namespace Sorcha.Blueprint.Service.Tests;

/// <summary>The Blueprint service and those it calls with small Limits:Attachments:*, on a Redis of their own.</summary>
public sealed class LimitedAttachmentServices : BlueprintServices
{
    protected override IReadOnlyDictionary<string, string> Settings { get; } = new Dictionary<string, string>
    {
        ["Limits:Attachments:MaxFileBytes"] = "100",
        ["Limits:Attachments:MaxFiles"] = "2",
        ["Limits:Attachments:MaxActionBytes"] = "150",
        ["Limits:Attachments:MaxSealedBytes"] = "250",
        ["Limits:Attachments:QuotaBytes"] = "300",
    };
}

/// <summary>Each attachment limit refuses with its status and names its setting, and a refused action changes nothing.</summary>
public sealed class AttachmentLimitTests(LimitedAttachmentServices services) : IClassFixture<LimitedAttachmentServices>
{
    private static (string, string, byte[]) File(int bytes, string name = "f.bin") => (name, "application/octet-stream", new byte[bytes]);

    [Fact]
    public async Task Files_over_a_size_limit_are_413_naming_it_and_the_step_is_not_taken()
    {
        using var employee = await services.ClientAsync("limit-employee");
        using var manager = await services.ClientAsync("limit-manager");
        using var finance = await services.ClientAsync("limit-finance");
        var plain = await InstanceAsync(employee, manager, finance);
        var toAll = await InstanceAsync(employee, manager, finance, ["/attachments"]);

        foreach (var (setup, body, setting) in new[]
        {
            (plain, Body(plain.Employee.Wallet, File(101)), "Limits:Attachments:MaxFileBytes"),
            (plain, Body(plain.Employee.Wallet, File(1, "a"), File(1, "b"), File(1, "c")), "Limits:Attachments:MaxFiles"),
            (plain, Body(plain.Employee.Wallet, File(80, "a"), File(80, "b")), "Limits:Attachments:MaxActionBytes"),
            // 100 bytes is within every per-file and per-action limit, but sealed for three recipients it is 300 > 250.
            (toAll, Body(toAll.Employee.Wallet, File(100)), "Limits:Attachments:MaxSealedBytes"),
        })
        {
            using var refused = await employee.PostAsJsonAsync($"/api/instances/{setup.InstanceId}/actions/submit", body);
            var problem = await ProblemAssert.ReadAsync(refused, HttpStatusCode.RequestEntityTooLarge);
            Assert.Contains(setting, problem.Detail, StringComparison.Ordinal);
        }

        // Past the route's body limit (the data's 512 KiB plus the files' 150 bytes in base64): Kestrel's 413.
        using var huge = await employee.PostAsJsonAsync($"/api/instances/{plain.InstanceId}/actions/submit",
            Body(plain.Employee.Wallet, File(600 * 1024)));
        await ProblemAssert.IsProblemAsync(huge, HttpStatusCode.RequestEntityTooLarge);

        foreach (var setup in new[] { plain, toAll })
        {
            await AssertUntakenAsync(setup);
        }
    }

    [Fact]
    public async Task Sealed_bytes_past_the_callers_quota_are_409_naming_it_and_charge_nothing()
    {
        using var employee = await services.ClientAsync("quota-employee");
        using var manager = await services.ClientAsync("quota-manager");
        using var finance = await services.ClientAsync("quota-finance");
        var first = await InstanceAsync(employee, manager, finance);
        var second = await InstanceAsync(employee, manager, finance);

        // 100 bytes to the employee and the manager: 200 of the 300 the caller may seal.
        using (var committed = await employee.PostAsJsonAsync($"/api/instances/{first.InstanceId}/actions/submit",
            Body(first.Employee.Wallet, File(100))))
        {
            Assert.Equal(HttpStatusCode.Created, committed.StatusCode);
        }

        using (var refused = await employee.PostAsJsonAsync($"/api/instances/{second.InstanceId}/actions/submit",
            Body(second.Employee.Wallet, File(100))))
        {
            var problem = await ProblemAssert.ReadAsync(refused, HttpStatusCode.Conflict);
            Assert.Equal("Quota exceeded", problem.Title);
            Assert.Equal("attachmentBytes", problem.Extensions!["quota"].GetString());
            Assert.Equal(300, problem.Extensions["limit"].GetInt64());
            Assert.Contains("Limits:Attachments:QuotaBytes", problem.Detail, StringComparison.Ordinal);
        }

        await AssertUntakenAsync(second);

        // The refusal charged nothing: 50 bytes to two recipients fill the quota exactly.
        using var fits = await employee.PostAsJsonAsync($"/api/instances/{second.InstanceId}/actions/submit",
            Body(second.Employee.Wallet, File(50)));
        Assert.Equal(HttpStatusCode.Created, fits.StatusCode);

        // Another caller has a quota of its own.
        var others = await InstanceAsync(manager, employee, finance);
        using var other = await manager.PostAsJsonAsync($"/api/instances/{others.InstanceId}/actions/submit",
            Body(others.Employee.Wallet, File(100)));
        Assert.Equal(HttpStatusCode.Created, other.StatusCode);
    }

    [Fact]
    public async Task A_step_whose_commit_is_refused_gives_its_charge_back()
    {
        using var owner = await services.ClientAsync("refund-owner");
        using var employee = await services.ClientAsync("refund-employee");
        using var manager = await services.ClientAsync("refund-manager");
        using var finance = await services.ClientAsync("refund-finance");
        var registers = new Client.SorchaClient(owner).Registers;
        var register = (await registers.CreateAsync("refund test")).Id;
        await registers.GrantWriterAsync(register, "refund-employee");
        var setup = await InstanceAsync(employee, manager, finance, registerId: register);
        var url = $"/api/instances/{setup.InstanceId}/actions/submit";

        // The instance's creator loses its write right: the commit is refused (403) after 200 bytes were reserved.
        await registers.RevokeWriterAsync(register, "refund-employee");
        using (var refused = await employee.PostAsJsonAsync(url, Body(setup.Employee.Wallet, File(100))))
        {
            await ProblemAssert.IsProblemAsync(refused, HttpStatusCode.Forbidden);
        }

        await AssertUntakenAsync(setup);

        // Given back: 100 bytes to two recipients twice more fit the 300 only if the first 200 were refunded.
        await registers.GrantWriterAsync(register, "refund-employee");
        using var committed = await employee.PostAsJsonAsync(url, Body(setup.Employee.Wallet, File(100)));
        Assert.Equal(HttpStatusCode.Created, committed.StatusCode);
        var next = await InstanceAsync(employee, manager, finance, registerId: register);
        using var over = await employee.PostAsJsonAsync($"/api/instances/{next.InstanceId}/actions/submit",
            Body(next.Employee.Wallet, File(100)));
        Assert.Equal("Quota exceeded", (await ProblemAssert.ReadAsync(over, HttpStatusCode.Conflict)).Title);
    }

    private static async Task AssertUntakenAsync(Setup setup)
    {
        var state = await setup.Employee.Client.Instances.GetAsync(setup.InstanceId);
        Assert.Equal("submit", state.NextActionId);
        Assert.Empty(state.TxIds);
        Assert.Equal(0, (await setup.Employee.Client.Registers.GetAsync(setup.RegisterId)).Height);
    }
}
