using System.Diagnostics.Metrics;
using Sorcha.Ledger.Transactions;
using Sorcha.ServiceDefaults.Telemetry;

namespace Sorcha.Transaction.Service.Commit;

/// <summary>Group commit in metrics (docs/observability.md): what is appended, in batches of what size, how fast.</summary>
public static class CommitTelemetry
{
    public static readonly Meter Meter = new(TelemetrySetup.SourcePrefix + "Transaction");

    /// <summary>Tag: the transaction's metadata type when it is one of the platform's, else <c>other</c> or <c>none</c>.</summary>
    public const string TypeTag = "sorcha.transaction.type";

    public static readonly Counter<long> Appended = Meter.CreateCounter<long>("sorcha.transactions.appended", "{transaction}",
        "Transactions newly appended to a register (a resubmission of one already there is not counted), by type.");

    public static readonly Histogram<int> BatchSize = Meter.CreateHistogram<int>("sorcha.commit.batch_size", "{transaction}",
        "Transactions per append (one Lua call on a register's lane): 1 when idle, more when writers queue up.",
        advice: new InstrumentAdvice<int> { HistogramBucketBoundaries = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000] });

    public static readonly Histogram<double> AppendDuration = Meter.CreateHistogram<double>("sorcha.commit.append.duration", "s",
        "Time of one append on Redis, from the call to its acknowledgement (with Redis:Durability, the WAIT too).",
        advice: new InstrumentAdvice<double> { HistogramBucketBoundaries = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5] });

    private static readonly KeyValuePair<string, object?> Action = new(TypeTag, "Action");
    private static readonly KeyValuePair<string, object?> Rejection = new(TypeTag, "Rejection");
    private static readonly KeyValuePair<string, object?> Other = new(TypeTag, "other");
    private static readonly KeyValuePair<string, object?> None = new(TypeTag, "none");

    /// <summary>The type tag: clients choose any type, so only the platform's own are named (a bounded set).</summary>
    internal static KeyValuePair<string, object?> Type(ParsedTransaction transaction) => transaction.Metadata?.Type switch
    {
        null => None,
        "Action" => Action,
        "Rejection" => Rejection,
        _ => Other,
    };
}
