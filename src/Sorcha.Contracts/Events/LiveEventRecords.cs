namespace Sorcha.Contracts.Events;

// The events the hub sends (docs/api.md, "Live events"): ids and the moment, never payload data. Whoever receives one
// reads the rest through the API, with its rights checked as always. Serialized camelCase by SignalR's JSON protocol.

/// <summary>To the wallet bound to the step that became next.</summary>
public sealed record ActionAvailable(string InstanceId, string ActionId, string Wallet, DateTimeOffset At);

/// <summary>To every wallet bound in the instance.</summary>
public sealed record ActionCommitted(string InstanceId, string ActionId, string TxId, long Sequence, DateTimeOffset At);

/// <summary>To every wallet bound in the instance.</summary>
public sealed record ActionRejected(string InstanceId, string ActionId, string TxId, DateTimeOffset At);

/// <summary>To every wallet bound in the instance; <see cref="State"/> is <c>completed</c> or <c>rejected</c>.</summary>
public sealed record InstanceEnded(string InstanceId, string State, DateTimeOffset At);

/// <summary>To a register's subscribers, in commit order per register.</summary>
public sealed record TransactionAppended(string RegisterId, string TxId, long Sequence, DateTimeOffset At);

/// <summary>To a register's subscribers, once per docket (whichever replica sealed it).</summary>
public sealed record DocketSealed(string RegisterId, long Number, long TreeSize, DateTimeOffset At);
