using System.Net;
using System.Net.Http.Json;
using System.Text.Json;
using Sorcha.Testing.Blueprints;
using Sorcha.Testing.Registers;

namespace Sorcha.Blueprint.Service.Tests;

/// <summary>
/// Before write rights, any authenticated caller could append to any register. Only its owner or a writer may bind a blueprint
/// instance to it, and an instance's steps commit only while its creator keeps that right. (Who commits directly, and
/// who grants: Sorcha.Transaction.Service.Tests' CommitRightsTests.)
/// </summary>
[Collection(BlueprintScope.Name)]
public sealed class WriteRightsTests(BlueprintServices services)
{
    [Fact]
    public async Task Only_the_owner_or_a_writer_binds_an_instance_to_a_register()
    {
        using var owner = await services.ClientAsync("rights-inst-owner");
        using var writer = await services.ClientAsync("rights-inst-writer");
        using var stranger = await services.ClientAsync("rights-inst-stranger");
        var register = await InstanceFlows.RegisterAsync(owner);
        (await owner.PutAsync($"/api/registers/{register}/writers/rights-inst-writer", null)).Dispose();

        foreach (var (caller, expected) in new[] { (stranger, HttpStatusCode.Forbidden), (writer, HttpStatusCode.Created) })
        {
            var wallet = await InstanceFlows.WalletAsync(caller);
            var blueprint = await BlueprintFlows.PublishedAsync(caller, "expense-approval");
            using var response = await caller.PostAsJsonAsync($"/api/blueprints/{blueprint}/instances", new
            {
                registerId = register,
                participants = new { employee = wallet, manager = wallet, finance = wallet },
            });
            if (expected == HttpStatusCode.Forbidden)
            {
                await ProblemAssert.IsProblemAsync(response, expected);
            }
            else
            {
                Assert.Equal(expected, response.StatusCode);
            }
        }
    }

    [Fact]
    public async Task Revoking_the_instance_creators_right_stops_its_steps_until_granted_again()
    {
        using var owner = await services.ClientAsync("rights-step-owner");
        using var writer = await services.ClientAsync("rights-step-writer");
        var register = await InstanceFlows.RegisterAsync(owner);
        (await owner.PutAsync($"/api/registers/{register}/writers/rights-step-writer", null)).Dispose();
        var wallet = await InstanceFlows.WalletAsync(writer);
        var blueprint = await BlueprintFlows.PublishedAsync(writer, "expense-approval");
        var instance = await InstanceFlows.InstanceAsync(writer, blueprint, register,
            new Dictionary<string, string> { ["employee"] = wallet, ["manager"] = wallet, ["finance"] = wallet });
        (await owner.DeleteAsync($"/api/registers/{register}/writers/rights-step-writer")).Dispose();

        using (var refused = await writer.PostAsJsonAsync($"/api/instances/{instance}/actions/submit",
            new { sender = wallet, data = InstanceFlows.Claim }))
        {
            await ProblemAssert.IsProblemAsync(refused, HttpStatusCode.Forbidden);
        }

        Assert.Equal(0, await RegisterFlows.HeightAsync(owner, register));
        (await owner.PutAsync($"/api/registers/{register}/writers/rights-step-writer", null)).Dispose();

        // The refused transaction was dropped, not kept pending (the Transaction service does not hold it): the step
        // goes through with other data, signed afresh, instead of a 409 for the refused attempt committed late.
        var otherData = JsonSerializer.SerializeToNode(InstanceFlows.Claim)!.AsObject();
        otherData["amount"] = 99;
        await Json.PostAsync(writer, $"/api/instances/{instance}/actions/submit", new { sender = wallet, data = otherData },
            HttpStatusCode.Created);
        Assert.Equal(1, await RegisterFlows.HeightAsync(owner, register));
    }
}
