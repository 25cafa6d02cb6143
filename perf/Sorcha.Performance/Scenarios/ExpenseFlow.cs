using System.Text.Json.Nodes;
using Sorcha.Client;
using Sorcha.Contracts.Blueprints;
using Sorcha.Contracts.Instances;

namespace Sorcha.Performance.Scenarios;

/// <summary>
/// The expense-approval sample run to its end: a 1,500 GBP claim (20 % tax → total 1,800), approved in full, so it
/// goes to finance, who pays it. Every action discloses to all three participants.
/// </summary>
public static class ExpenseFlow
{
    public static readonly string[] Participants = ["employee", "manager", "finance"];

    public static readonly IReadOnlyList<FlowStep> Steps =
    [
        new("submit", "employee", "approve", new JsonObject
        {
            ["employeeName"] = "Ada Lovelace", ["employeeEmail"] = "ada@example.com", ["expenseDate"] = "2025-03-14",
            ["category"] = "travel", ["amount"] = 1500, ["currency"] = "GBP", ["description"] = "Flights to the partner summit",
        }),
        new("approve", "manager", "finance-review", new JsonObject { ["decision"] = "approved", ["approvedAmount"] = 1500 }),
        new("finance-review", "finance", null, new JsonObject
        {
            ["paid"] = true, ["paymentReference"] = "PAY-000123", ["paymentDate"] = "2025-03-20",
        }),
    ];

    /// <summary>One action: who sends it, where the instance must go next, and its data (built in code, only ever read).</summary>
    public sealed record FlowStep(string ActionId, string Participant, string? Next, JsonObject Data)
    {
        /// <summary>
        /// Null when the receipt is that of this action committed: a txId, the expected next action, an envelope for
        /// every wallet, the calculation; otherwise what is wrong.
        /// </summary>
        public string? Problem(SubmitActionResponse receipt, IReadOnlySet<string> wallets) =>
            !IsTxId(receipt.TxId) || receipt.Sequence < 0 ? $"{ActionId}: no committed txId/sequence"
            : receipt.NextActionId != Next ? $"{ActionId}: next is '{receipt.NextActionId}', not '{Next}'"
            : receipt.Recipients.Count != wallets.Count || !wallets.SetEquals(receipt.Recipients) ? $"{ActionId}: envelopes not for the three wallets"
            : ActionId == "submit" && (Number(receipt.Calculated, "tax") != 300 || Number(receipt.Calculated, "total") != 1800)
                ? $"{ActionId}: tax/total not 300/1800"
                : null;

        private static double? Number(JsonObject data, string field) => data[field]?.GetValue<double>();
    }

    public static bool IsTxId(string? value) =>
        value is { Length: 64 } && value.All(c => c is (>= '0' and <= '9') or (>= 'a' and <= 'f'));
}
