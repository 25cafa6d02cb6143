using Microsoft.Extensions.Options;
using Sorcha.ApiPlatform.Limits;
using Sorcha.Blueprint.Engine.Execution;
using Sorcha.Blueprint.Service.Attachments;
using Sorcha.Blueprint.Service.Blueprints;

namespace Sorcha.Blueprint.Service.Instances;

/// <summary>
/// What <see cref="ActionFlow"/> works with, in one singleton: every member is one, so the flow made per request costs
/// one object however many it needs.
/// </summary>
public sealed record ActionFlowServices(
    BlueprintStore Blueprints,
    InstanceStore Store,
    BlueprintEngine Engine,
    SenderOwnership Owners,
    StepSigning Signing,
    TransactionCommits Commits,
    WorkEvents Events,
    TimeProvider Clock,
    AttachmentQuota AttachmentQuota,
    IOptions<LimitsOptions> Limits,
    ILogger<ActionFlow> Logger);
