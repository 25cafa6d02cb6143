using System.Globalization;
using System.Net;
using System.Security.Cryptography;
using System.Text.Json.Nodes;
using Sorcha.Client;
using Sorcha.Contracts.Wallets;
using Sorcha.Contracts.Instances;
using Sorcha.Cryptography;
using Sorcha.Testing.Blueprints;
using Sorcha.Testing.Registers;

namespace Sorcha.Blueprint.Service.Tests;

/// <summary>
/// Before this check, a participant signed a hand-built <c>{"type":"Action", instanceId, actionId}</c> transaction through the
/// generic sign endpoint and posted it; it was committed (skipping the next-action check, the schema and the routes)
/// and verify called the register valid. A workflow step is now accepted only with the Blueprint service's own token.
/// Tokens forged for the service issuer are refused at the gateway: Sorcha.IntegrationTests' ActionForgeryAtGatewayTests.
/// </summary>
[Collection(BlueprintScope.Name)]
public sealed class ActionForgeryInProcessTests(BlueprintServices services)
{
    [Theory]
    [InlineData("forger", "Action")]
    [InlineData("forger-lower", "action")]
    [InlineData("blueprint", "Action")] // a user whose subject is the service's name is still a user
    public async Task A_hand_signed_Action_transaction_is_403_even_from_the_register_owner(string clientId, string type)
    {
        using var caller = await services.ClientAsync(clientId);
        var (instance, wallet) = await InstanceFlows.SoloExpenseInstanceAsync(caller);
        var state = await Json.GetAsync<InstanceDto>(caller, $"/api/instances/{instance}");
        var walletInfo = await Json.GetAsync<WalletDto>(caller, $"/api/wallets/{wallet}");

        // Built by hand as the forger would, not through TransactionSigner: the wire is what is forged.
        var tx = new JsonObject
        {
            ["registerId"] = state.RegisterId,
            ["sender"] = wallet,
            ["algorithm"] = walletInfo.Algorithm.ToString(),
            ["publicKey"] = Convert.ToBase64String(walletInfo.PublicKey),
            ["payload"] = new JsonObject { ["envelopes"] = new JsonArray() },
            ["metadata"] = new JsonObject
            {
                ["type"] = type, ["blueprintId"] = state.BlueprintId, ["instanceId"] = instance, ["actionId"] = "approve",
            },
            ["timestamp"] = DateTime.UtcNow.ToString("yyyy-MM-dd'T'HH:mm:ss.fff'Z'", CultureInfo.InvariantCulture),
        };
        var txId = SHA256.HashData(Jcs.Canonicalize(tx));
        var signed = await Json.PostAsync<SignResponse>(caller, $"/api/wallets/{wallet}/sign", new { data = Convert.ToBase64String(txId) },
            HttpStatusCode.OK);
        tx["signature"] = Convert.ToBase64String(signed.Signature);

        using (var single = await caller.PostAsync("/api/transactions", RegisterFlows.Body(tx.ToJsonString())))
        {
            await ProblemAssert.IsProblemAsync(single, HttpStatusCode.Forbidden);
        }

        using (var batch = await caller.PostAsync("/api/transactions/batch", RegisterFlows.Body($"{{\"transactions\":[{tx.ToJsonString()}]}}")))
        {
            Assert.Equal(403, Assert.Single((await Json.ReadAsync<SubmittedBatch>(batch)).Results).Status);
        }

        Assert.Equal(0, await RegisterFlows.HeightAsync(caller, state.RegisterId));

        // The real step, through the Blueprint service's checks, is still committed.
        var submitted = await Json.PostAsync<SubmitActionResponse>(caller, $"/api/instances/{instance}/actions/submit",
            new { sender = wallet, data = InstanceFlows.Claim }, HttpStatusCode.Created);
        Assert.Equal(0, submitted.Sequence);
    }
}
