using System.Diagnostics.Metrics;
using Sorcha.ApiPlatform.Problems;
using Sorcha.ServiceDefaults.Logging;
using Sorcha.ServiceDefaults.Telemetry;

namespace Sorcha.Blueprint.Service.Instances;

/// <summary>
/// Each action's outcome and each instance's life, as metrics and as one structured log event per outcome
/// (docs/observability.md): committed at Information, refused at Warning with the problem's title. The events carry
/// ids and the sender's address, never the payload, a key or a token. Source-generated (LoggerMessage): no boxing, no
/// formatting unless a sink keeps the event. Their category is under <see cref="LoggingSetup.OutcomesPrefix"/>, which
/// the console leaves out: one line per action written and echoed by the AppHost cost about 5 % of the platform's CPU
/// per action (docs/observability.md, "Logs"); they reach the structured logs (OTLP: the dashboard) only.
/// </summary>
public sealed partial class ActionOutcomes(ILoggerFactory loggers)
{
    /// <summary>The log category of these events.</summary>
    public const string Category = LoggingSetup.OutcomesPrefix + "Actions";

    private readonly ILogger logger = loggers.CreateLogger(Category);

    public static readonly Meter Meter = new(TelemetrySetup.SourcePrefix + "Blueprint");

    /// <summary>Tag: the route, <c>submit</c> or <c>reject</c>.</summary>
    public const string KindTag = "sorcha.action.kind";

    /// <summary>Tag: a refusal's problem title (a constant of the code that refuses: a bounded set).</summary>
    public const string ReasonTag = "sorcha.refusal.reason";

    /// <summary>Tag: the HTTP status of a refusal.</summary>
    public const string StatusTag = "http.response.status_code";

    public static readonly Counter<long> Submitted = Meter.CreateCounter<long>("sorcha.actions.submitted", "{action}",
        "Action submissions and rejections received, by kind.");

    public static readonly Counter<long> Committed = Meter.CreateCounter<long>("sorcha.actions.committed", "{action}",
        "Actions (and rejections) committed to their register and the instance moved on, by kind.");

    public static readonly Counter<long> Refused = Meter.CreateCounter<long>("sorcha.actions.refused", "{action}",
        "Action submissions and rejections refused, by kind, reason (the problem's title) and status.");

    public static readonly Counter<long> InstancesStarted = Meter.CreateCounter<long>("sorcha.instances.started", "{instance}",
        "Instances created.");

    public static readonly Counter<long> InstancesCompleted = Meter.CreateCounter<long>("sorcha.instances.completed", "{instance}",
        "Instances whose last action was committed.");

    public static readonly Counter<long> InstancesRejected = Meter.CreateCounter<long>("sorcha.instances.rejected", "{instance}",
        "Instances ended by a rejection.");

    public static readonly UpDownCounter<long> InstancesOpen = Meter.CreateUpDownCounter<long>("sorcha.instances.open", "{instance}",
        "Instances started minus instances ended, through this process since it started (sum over replicas).");

    private static readonly KeyValuePair<string, object?> Submit = new(KindTag, "submit");
    private static readonly KeyValuePair<string, object?> Reject = new(KindTag, "reject");

    public static void Started()
    {
        InstancesStarted.Add(1);
        InstancesOpen.Add(1);
    }

    public void Received(bool rejection) => Submitted.Add(1, rejection ? Reject : Submit);

    /// <summary>A committed step; <paramref name="ended"/>: it was the instance's last.</summary>
    public void Done(bool rejection, string instanceId, string actionId, string txId, string registerId, string? sender, bool ended)
    {
        Committed.Add(1, rejection ? Reject : Submit);
        if (ended)
        {
            (rejection ? InstancesRejected : InstancesCompleted).Add(1);
            InstancesOpen.Add(-1);
        }

        if (rejection)
        {
            RejectionCommitted(logger, instanceId, actionId, txId, registerId, sender);
        }
        else
        {
            ActionCommitted(logger, instanceId, actionId, txId, registerId, sender);
        }
    }

    /// <summary>A refusal, from the problem it is answered with (a failed call to another service is mapped first).</summary>
    public void Failed(bool rejection, string instanceId, string actionId, string? sender, Exception e)
    {
        var (status, title) = (e as ProblemException ?? DownstreamProblems.Map(e)) is { } problem ? (problem.Status, problem.Title)
            : e is OperationCanceledException ? (StatusCodes.Status499ClientClosedRequest, "Client closed request")
            : (StatusCodes.Status500InternalServerError, "Internal error");
        Refused.Add(1, rejection ? Reject : Submit, new(ReasonTag, title), new(StatusTag, status));
        // A sender that is not a well-formed address is not logged: it is whatever the caller sent.
        ActionRefused(logger, rejection ? "rejection" : "action", instanceId, actionId,
            ActionChecks.SenderErrors(sender) is null ? sender : null, title, status);
    }

    [LoggerMessage(EventId = 4101, Level = LogLevel.Information,
        Message = "Action {ActionId} of instance {InstanceId} committed as {TxId} in register {RegisterId} (sender {Sender})")]
    private static partial void ActionCommitted(ILogger logger, string instanceId, string actionId, string txId, string registerId, string? sender);

    [LoggerMessage(EventId = 4102, Level = LogLevel.Information,
        Message = "Rejection of action {ActionId} of instance {InstanceId} committed as {TxId} in register {RegisterId} (sender {Sender})")]
    private static partial void RejectionCommitted(ILogger logger, string instanceId, string actionId, string txId, string registerId, string? sender);

    [LoggerMessage(EventId = 4103, Level = LogLevel.Warning,
        Message = "The {Kind} {ActionId} of instance {InstanceId} was refused: {Problem} ({Status}) (sender {Sender})")]
    private static partial void ActionRefused(ILogger logger, string kind, string instanceId, string actionId, string? sender, string problem, int status);
}
