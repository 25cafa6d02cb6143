using Microsoft.Kiota.Abstractions.Serialization;
using Sorcha.Samples.Client.Generated;
using Sorcha.Samples.Client.Generated.Models;

namespace Sorcha.Samples.Client;

/// <summary>
/// One caller of the expense workflow and what it does with a step it finds in its inbox: the employee submits the
/// claim, the manager approves it (or, once, sends it back), finance pays it. It knows the blueprint's actions, not the
/// instance: what is its to do comes from its inbox.
/// </summary>
public sealed class Participant(string name, SorchaApiClient api, string wallet)
{
    public string Name => name;

    public SorchaApiClient Api => api;

    public string Wallet => wallet;

    /// <summary>The open step <paramref name="actionId"/> of <paramref name="instanceId"/> in this caller's inbox, or null.</summary>
    public async Task<InboxItem?> InboxItemAsync(string instanceId, string actionId, CancellationToken ct)
    {
        var inbox = ExpenseWorkflow.Answer(await api.Api.Inbox.GetAsync(cancellationToken: ct));
        return inbox.Items?.FirstOrDefault(i => i.InstanceId == instanceId && i.ActionId == actionId);
    }

    /// <summary>Takes the step: submits this participant's data, or rejects it when <paramref name="rejectFirst"/> and it may.</summary>
    public async Task<ExpenseStep> ActAsync(InboxItem item, bool rejectFirst, CancellationToken ct)
    {
        var action = api.Api.Instances[item.InstanceId].Actions[item.ActionId];
        if (rejectFirst && (name, item.ActionId) is ("manager", "approve"))
        {
            var rejected = ExpenseWorkflow.Answer(await action.Reject.PostAsync(new RejectActionRequest
            {
                Sender = item.Wallet ?? wallet,
                Reason = "Attach the flight receipts, please.",
            }, cancellationToken: ct));
            return new ExpenseStep(name, item.ActionId!, Rejected: true, rejected.TxId!, rejected.NextActionId);
        }

        var receipt = ExpenseWorkflow.Answer(await action.PostAsync(
            new SubmitActionRequest { Sender = item.Wallet ?? wallet, Data = DataFor(item.ActionId!) }, cancellationToken: ct));
        return new ExpenseStep(name, item.ActionId!, Rejected: false, receipt.TxId!, receipt.NextActionId);
    }

    private UntypedObject DataFor(string actionId) => (name, actionId) switch
    {
        ("employee", "submit") => Data(
            ("employeeName", new UntypedString("Ada Lovelace")), ("employeeEmail", new UntypedString("ada@example.com")),
            ("expenseDate", new UntypedString("2025-03-14")), ("category", new UntypedString("travel")),
            ("amount", new UntypedInteger(1500)), ("currency", new UntypedString("GBP")),
            ("description", new UntypedString("Flights to the partner summit"))),
        ("manager", "approve") => Data(("decision", new UntypedString("approved")), ("approvedAmount", new UntypedInteger(1500))),
        ("finance", "finance-review") => Data(("paid", new UntypedBoolean(true)),
            ("paymentReference", new UntypedString("PAY-123456")), ("paymentDate", new UntypedString("2025-03-20"))),
        _ => throw new InvalidOperationException($"{name} does not know what to do with the step {actionId}"),
    };

    private static UntypedObject Data(params (string Name, UntypedNode Value)[] members) =>
        new(members.ToDictionary(m => m.Name, m => m.Value));
}
